import { z } from 'zod';
import { JOSIE_STATUSES, ROLES } from './catalogues.js';
import { BaseVersion, text } from './common.js';

/**
 * Contract of the admin area (docs/product/routes-and-roles.md#admin, docs/product/data-and-config.md#data,
 * docs/product/rules-and-limits.md#admin, docs/product/routes-and-roles.md#api,
 * docs/product/differences.md#placeholders-that-work, docs/product/differences.md#feature-flags,
 * docs/product/differences.md#analytics). Every `/api/admin/*` route is for admins only: 401 without a
 * session, 403 for any other role.
 */

/** Number of days covered by the dashboard's time series (today included). */
export const ADMIN_STATS_DAYS = 30;
/** Default and largest page size of `GET /api/admin/users`. */
export const ADMIN_USERS_PAGE_SIZE = { default: 20, max: 100 } as const;
/** How many josies `GET /api/admin/users/{id}` lists (latest updated first). */
export const ADMIN_USER_JOSIES_LIMIT = 50;
/** How many contact messages and newsletter subscribers `GET /api/admin/messages` answers (newest first). */
export const ADMIN_MESSAGES_LIMIT = 200;

/**
 * `:id` of admin routes. Deliberately any string: an id that is not a UUID cannot name a row, so the
 * service answers it 404 like an unknown one (the admin pages take the id from the address bar).
 */
export const AdminIdParams = z.object({ id: text().max(100) });
export type AdminIdParams = z.infer<typeof AdminIdParams>;

// ---------------------------------------------------------------------------------------------------------
// Statistics

/** The curator with the most followers, or null when no curator has a follower yet. */
export const AdminPopularCurator = z.object({ name: text(), count: z.number().int() });
export type AdminPopularCurator = z.infer<typeof AdminPopularCurator>;

/**
 * Daily counts for the dashboard charts. `days` are the last {@link ADMIN_STATS_DAYS} UTC dates
 * (`YYYY-MM-DD`, oldest first, today last); every other list has one count per day, in the same order.
 */
export const AdminStatsSeries = z.object({
  days: z.array(text()),
  /** Accounts created (`users.created_at`). */
  signups: z.array(z.number().int()),
  /** Josies published (`josies.published_at`). */
  josiesPublished: z.array(z.number().int()),
  /** Review decisions `approved` (`josie_reviews`). */
  approvals: z.array(z.number().int()),
  /** Review decisions `rejected` (`josie_reviews`). */
  rejections: z.array(z.number().int()),
  /** `page_view` analytics events (docs/product/differences.md#analytics). */
  pageViews: z.array(z.number().int()),
});
export type AdminStatsSeries = z.infer<typeof AdminStatsSeries>;

/** `GET /api/admin/stats`. docs/product/data-and-config.md#data Admin stats, plus the dashboard series of docs/product/routes-and-roles.md#admin. */
export const AdminStatsResponse = z.object({
  totalListeners: z.number().int(),
  totalCurators: z.number().int(),
  popularCurator: AdminPopularCurator.nullable(),
  series: AdminStatsSeries,
});
export type AdminStatsResponse = z.infer<typeof AdminStatsResponse>;

// ---------------------------------------------------------------------------------------------------------
// Users

/** One row of the user table. `avatar` is a URL or null (the page then shows the initial). */
export const AdminUserRow = z.object({
  _id: text(),
  id: text(),
  name: text(),
  email: text(),
  role: z.enum(ROLES),
  avatar: text().nullable(),
  createdAt: text(),
  lastLogin: text().nullable(),
  /** When an admin suspended the account, and why (decision 0047); both null when it is not suspended. */
  suspendedAt: text().nullable(),
  suspensionReason: text().nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

/** An empty query value (`?role=`) means "no filter", as a form with an "all" option sends it. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/**
 * `GET /api/admin/users?search=&role=&page=&pageSize=`: `search` matches name or email (case-insensitive,
 * substring; `%` and `_` are literal), `role` filters, `page` counts from 1.
 */
export const AdminUsersQuery = z.object({
  search: text().trim().max(200).optional(),
  role: z.preprocess(blankAsMissing, z.enum(ROLES).optional()),
  page: z.preprocess(blankAsMissing, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(
    blankAsMissing,
    z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE.max).default(ADMIN_USERS_PAGE_SIZE.default),
  ),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** Answer of `GET /api/admin/users`: newest accounts first; `totalPages` is at least 1. */
export const AdminUsersResponse = z.object({
  users: z.array(AdminUserRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

/** A user as the detail page shows it: the row plus the profile's bio and header image. */
export const AdminUserDetail = AdminUserRow.extend({
  bio: text(),
  headerImage: text().nullable(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

/** What a user has and does, counted live from the tables. */
export const AdminUserCounts = z.object({
  /** All their josies, whatever the status. */
  josies: z.number().int(),
  published: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
  /** Users following them. */
  followers: z.number().int(),
  /** Curators they follow. */
  following: z.number().int(),
  /** Likes they gave. */
  likesGiven: z.number().int(),
  /** Invites they created. */
  invites: z.number().int(),
});
export type AdminUserCounts = z.infer<typeof AdminUserCounts>;

/** One of the user's josies on the detail page. */
export const AdminUserJosie = z.object({
  _id: text(),
  title: text(),
  status: z.enum(JOSIE_STATUSES),
  updatedAt: text(),
});
export type AdminUserJosie = z.infer<typeof AdminUserJosie>;

/** `GET /api/admin/users/{id}`: profile, counts and the latest {@link ADMIN_USER_JOSIES_LIMIT} josies. */
export const AdminUserDetailResponse = z.object({
  user: AdminUserDetail,
  counts: AdminUserCounts,
  josies: z.array(AdminUserJosie),
});
export type AdminUserDetailResponse = z.infer<typeof AdminUserDetailResponse>;

/** `PATCH /api/admin/users/{id}`: the new role. Answered with the updated {@link AdminUserRow}. */
export const AdminUserRoleBody = z.object({ role: z.enum(ROLES) });
export type AdminUserRoleBody = z.infer<typeof AdminUserRoleBody>;

// ---------------------------------------------------------------------------------------------------------
// AI templates

/** `{{name}}` placeholders (spaces inside the braces allowed). */
const TEMPLATE_VARIABLE = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/** The distinct `{{name}}` variables a template's content uses, in order of first use. */
export function templateVariables(content: string): string[] {
  return [...new Set(Array.from(content.matchAll(TEMPLATE_VARIABLE), (m) => m[1] as string))];
}

/** An AI prompt template (docs/product/data-and-config.md#data); `key` is the id the AI calls use (docs/product/routes-and-roles.md#api). */
export const AdminTemplate = z.object({
  _id: text(),
  key: text(),
  name: text(),
  content: text(),
  /** {@link templateVariables} of `content`. */
  variables: z.array(text()),
  /**
   * The edit version: one more with each saved edit; a save sends it back as `baseVersion`
   * (docs/decisions/0041-edits-carry-their-version.md).
   */
  version: z.number().int(),
});
export type AdminTemplate = z.infer<typeof AdminTemplate>;

/** `GET /api/admin/templates`, by name. */
export const AdminTemplatesResponse = z.object({ templates: z.array(AdminTemplate) });
export type AdminTemplatesResponse = z.infer<typeof AdminTemplatesResponse>;

/** A template's editable fields: the name and content, trimmed and required (the admin page's form). */
export const AdminTemplateFields = z.object({
  name: text().trim().min(1, 'Name is required').max(100),
  content: text().trim().min(1, 'Content is required').max(10_000),
});
export type AdminTemplateFields = z.infer<typeof AdminTemplateFields>;

/**
 * `PUT /api/admin/templates/{id}`: the new name and content ({@link AdminTemplateFields}) and `baseVersion`,
 * the template's `version` the edit started from: 409 `STALE_VERSION` when it has been saved since
 * (docs/decisions/0041-edits-carry-their-version.md). Other fields of the template object the page sends
 * (`_id`, `key`, `variables`) are ignored. Answered with the {@link AdminTemplate}.
 */
export const AdminTemplateBody = AdminTemplateFields.extend({ baseVersion: BaseVersion });
export type AdminTemplateBody = z.infer<typeof AdminTemplateBody>;

// ---------------------------------------------------------------------------------------------------------
// Music preferences (genre and interest lists)

/** A genre or an interest. docs/product/data-and-config.md#data. */
export const AdminPreferenceItem = z.object({ _id: text(), name: text() });
export type AdminPreferenceItem = z.infer<typeof AdminPreferenceItem>;

/** `GET /api/admin/preferences`: both lists, by name. */
export const AdminPreferencesResponse = z.object({
  genres: z.array(AdminPreferenceItem),
  interests: z.array(AdminPreferenceItem),
});
export type AdminPreferencesResponse = z.infer<typeof AdminPreferencesResponse>;

/**
 * `POST /api/admin/preferences/genres` and `.../interests`. The name is trimmed; a blank one is ignored
 * (docs/product/rules-and-limits.md#admin), so it is not a validation error.
 */
export const AdminPreferenceNameBody = z.object({ name: text().trim().max(100) });
export type AdminPreferenceNameBody = z.infer<typeof AdminPreferenceNameBody>;

/** `DELETE /api/admin/preferences/genres/{id}`: the genre list after the removal. */
export const AdminGenresResponse = z.object({ genres: z.array(AdminPreferenceItem) });
export type AdminGenresResponse = z.infer<typeof AdminGenresResponse>;

/** `DELETE /api/admin/preferences/interests/{id}`: the interest list after the removal. */
export const AdminInterestsResponse = z.object({ interests: z.array(AdminPreferenceItem) });
export type AdminInterestsResponse = z.infer<typeof AdminInterestsResponse>;

/**
 * `POST /api/admin/preferences/genres`: the genre list afterwards; `added` is false when the name was
 * blank and nothing changed (200), true when the genre was created (201).
 */
export const AdminGenreAddResponse = AdminGenresResponse.extend({ added: z.boolean() });
export type AdminGenreAddResponse = z.infer<typeof AdminGenreAddResponse>;

/** `POST /api/admin/preferences/interests`: as {@link AdminGenreAddResponse}, for interests. */
export const AdminInterestAddResponse = AdminInterestsResponse.extend({ added: z.boolean() });
export type AdminInterestAddResponse = z.infer<typeof AdminInterestAddResponse>;

// ---------------------------------------------------------------------------------------------------------
// Messages (docs/product/differences.md#placeholders-that-work)

/** A message sent from the contact form. */
export const AdminContactMessage = z.object({
  _id: text(),
  name: text(),
  email: text(),
  message: text(),
  createdAt: text(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;

/** A newsletter sign-up. */
export const AdminNewsletterSubscriber = z.object({
  _id: text(),
  email: text(),
  createdAt: text(),
});
export type AdminNewsletterSubscriber = z.infer<typeof AdminNewsletterSubscriber>;

/** `GET /api/admin/messages`: newest first, at most {@link ADMIN_MESSAGES_LIMIT} of each. */
export const AdminMessagesResponse = z.object({
  contactMessages: z.array(AdminContactMessage),
  newsletterSubscribers: z.array(AdminNewsletterSubscriber),
});
export type AdminMessagesResponse = z.infer<typeof AdminMessagesResponse>;
