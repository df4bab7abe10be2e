import {
  type AdminContactMessage,
  type AdminNewsletterSubscriber,
  type AdminPreferenceItem,
  type AdminTemplate,
  type AdminUserDetail,
  type AdminUserJosie,
  type AdminUserRow,
  templateVariables,
} from '@josie/contract';
import type { aiTemplates, contactMessages, josies, newsletterSubscribers, users } from '../../db/schema.js';

type UserRow = typeof users.$inferSelect;

/** A row of the admin user table (never the whole user row: no hashes or settings). */
export function presentAdminUserRow(row: UserRow): AdminUserRow {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatar: row.avatarUrl,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
  };
}

/** The user of the admin detail page. */
export function presentAdminUserDetail(row: UserRow): AdminUserDetail {
  return { ...presentAdminUserRow(row), bio: row.bio, headerImage: row.headerImageUrl };
}

/** One of a user's josies on the admin detail page. */
export function presentAdminUserJosie(
  row: Pick<typeof josies.$inferSelect, 'id' | 'title' | 'status' | 'updatedAt'>,
): AdminUserJosie {
  return { _id: row.id, title: row.title, status: row.status, updatedAt: row.updatedAt.toISOString() };
}

/** An AI template with the variables its content uses. */
export function presentTemplate(row: typeof aiTemplates.$inferSelect): AdminTemplate {
  return {
    _id: row.id,
    key: row.key,
    name: row.name,
    content: row.content,
    variables: templateVariables(row.content),
    version: row.version,
  };
}

/** A genre or an interest. */
export function presentPreferenceItem(row: { id: string; name: string }): AdminPreferenceItem {
  return { _id: row.id, name: row.name };
}

/** A contact message (the sender's account id, if any, stays on the server). */
export function presentContactMessage(row: typeof contactMessages.$inferSelect): AdminContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A newsletter subscriber. */
export function presentSubscriber(row: typeof newsletterSubscribers.$inferSelect): AdminNewsletterSubscriber {
  return { _id: row.id, email: row.email, createdAt: row.createdAt.toISOString() };
}
