/**
 * Test factories of the admin tests: rows written straight into the tables (the way the josies, likes,
 * follows, review and invites features store them), so the admin area can be tested on its own.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  analyticsEvents,
  follows,
  invites,
  inviteUses,
  inviteVisits,
  josieLikes,
  josieReviews,
  josies,
  media,
} from '../../db/schema.js';

/** A josie by `creatorId`; published now unless told otherwise. */
export async function insertJosie(
  db: Db,
  opts: {
    creatorId: string;
    title?: string;
    status?: 'pending' | 'published' | 'rejected';
    publishedAt?: Date | null;
    updatedAt?: Date;
  },
) {
  const status = opts.status ?? 'published';
  const [row] = await db
    .insert(josies)
    .values({
      creatorId: opts.creatorId,
      title: opts.title ?? 'A josie',
      paragraphs: [{ type: 'text', content: 'Listen to this.' }],
      status,
      publishedAt:
        opts.publishedAt === undefined ? (status === 'published' ? new Date() : null) : opts.publishedAt,
      ...(opts.updatedAt ? { updatedAt: opts.updatedAt } : {}),
    })
    .returning();
  return row!;
}

/** `userId` likes `josieId`, keeping `like_count` in step as the likes feature does. */
export async function like(db: Db, josieId: string, userId: string) {
  await db.transaction(async (tx) => {
    await tx.insert(josieLikes).values({ josieId, userId });
    await tx
      .update(josies)
      .set({ likeCount: sql`${josies.likeCount} + 1` })
      .where(eq(josies.id, josieId));
  });
}

/** `followerId` follows `curatorId`. */
export async function follow(db: Db, followerId: string, curatorId: string) {
  await db.insert(follows).values({ followerId, curatorId });
}

/** A review decision on a josie. */
export async function insertReview(
  db: Db,
  opts: { josieId: string; action: 'approved' | 'rejected'; reviewedBy?: string; reviewedAt?: Date },
) {
  await db.insert(josieReviews).values({
    josieId: opts.josieId,
    action: opts.action,
    reviewedBy: opts.reviewedBy ?? null,
    reviewedAt: opts.reviewedAt ?? new Date(),
    rejectionReason: opts.action === 'rejected' ? 'Not a fit' : null,
  });
}

/** An analytics event (`page_view` unless told otherwise). */
export async function insertEvent(db: Db, opts: { name?: string; at?: Date; userId?: string | null } = {}) {
  await db
    .insert(analyticsEvents)
    .values({ name: opts.name ?? 'page_view', at: opts.at ?? new Date(), userId: opts.userId ?? null });
}

/** A media row owned by `ownerId` under `storageKey`. */
export async function insertMedia(
  db: Db,
  opts: { ownerId: string; storageKey: string; kind?: 'avatar' | 'header' | 'josie-image' },
) {
  await db.insert(media).values({
    ownerId: opts.ownerId,
    kind: opts.kind ?? 'avatar',
    storageKey: opts.storageKey,
    bytes: 100,
    width: 10,
    height: 10,
  });
}

/** An invite by `creatorId`, optionally used by `usedBy` and visited `visits` times. */
export async function insertInvite(db: Db, opts: { creatorId: string; usedBy?: string[]; visits?: number }) {
  const [invite] = await db
    .insert(invites)
    .values({
      creatorId: opts.creatorId,
      inviteText: 'Come and listen',
      code: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  for (const userId of opts.usedBy ?? [])
    await db.insert(inviteUses).values({ inviteId: invite!.id, userId });
  for (let i = 0; i < (opts.visits ?? 0); i += 1)
    await db.insert(inviteVisits).values({ inviteId: invite!.id });
  return invite!;
}
