/**
 * The test factories of the server: one `build*` function per kind of row, each making the parents it is
 * not given (a josie without a creator gets a fresh curator, a like without a josie gets a fresh josie), so
 * a test names only what it asserts about. Two ways in:
 *
 * - through the app, where the test needs what the app hands out: {@link buildUser} signs up (a real
 *   token and session cookie), {@link buildJosieViaApi}, {@link approveJosie} and {@link rejectJosie} go
 *   through the routes, {@link buildOwner} makes a curator's resources through the API;
 * - straight into the tables, the way the feature stores them, where only the rows matter and speed does
 *   ({@link buildUserRow}, {@link buildJosie}, {@link buildLike}, {@link buildFollow}...), with
 *   {@link buildSession} minting the session sign-in would make, without argon2.
 *
 * Imported by `*.test.ts` only. Helpers that build no rows (multipart forms, images, stand-ins, error
 * checks) live beside the tests that use them.
 */

import { type AuthResponse, type Josie, PAGE_SESSION_COOKIE, type Role } from '@josie/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import {
  analyticsEvents,
  blocks,
  comments,
  follows,
  invites,
  inviteUses,
  inviteVisits,
  josieLikes,
  josieReviews,
  josieSaves,
  josies,
  media,
  users,
} from '../db/schema.js';
import { deriveKey } from '../lib/crypto.js';
import { insertSession } from '../modules/auth/queries.js';
import { hashPassword } from '../modules/auth/service.js';
import { createTokenSigner } from '../modules/auth/tokens.js';
import { addCuratorToTimeline, fanOutPage } from '../modules/feed/queries.js';
import { FAN_OUT_PAGE, HOME_FEED_MAX_DEFAULT } from '../modules/feed/timelines.js';
import { fullParagraphs } from '../modules/josies/testing.js';
import { userAbilities } from '../modules/users/index.js';
import { presentUser } from '../modules/users/presenter.js';
import type { TestContext } from './harness.js';

/** What the row factories need of a test context: its database. */
export type FactoryContext = Pick<TestContext, 'database'>;

/**
 * A user as the factories take it: an id, a row ({@link buildUserRow}'s `{id}`) or a signed-up
 * {@link TestUser}.
 */
export type UserRef = string | { id: string } | { user: { _id: string } };

/** A josie as the factories take it: an id or a row (`{id}`). */
export type JosieRef = string | { id: string };

/** The id of a {@link UserRef}. */
export function idOfUser(ref: UserRef): string {
  if (typeof ref === 'string') return ref;
  return 'id' in ref ? ref.id : ref.user._id;
}

const josieId = (ref: JosieRef) => (typeof ref === 'string' ? ref : ref.id);
const unique = () => crypto.randomUUID().slice(0, 8);
let counter = 0;

/**
 * A signed-up user with a session: `{token, user}` plus an `auth` header map for `inject`, and the session
 * cookie the sign-up set (`name=pageToken`, for a `cookie` header: decision 0008).
 */
export interface TestUser extends AuthResponse {
  auth: { authorization: string };
  cookie: string;
  password: string;
}

/** argon2 hashes of the passwords {@link buildUser} has used, one per password for the whole test file. */
const passwordHashes = new Map<string, Promise<string>>();

/**
 * A new user with a session, its token and cookie the real ones (decision 0003). By default the account is
 * verified (as every account made before verification existed: migration 0007) and is made as sign-up and
 * sign-in would leave it, straight into the tables: its row (last sign-in now), a session row, the bearer
 * token and the session cookie's page token signed with the app's keys (decision 0008), and the user as
 * sign-in answers it, so no argon2 verification is paid and no verification email is sent. With `verified: false` it signs up through the API, so every sign-up rule applies
 * and the verification email goes out (docs/decisions/0025-account-and-data.md). A test about sign-in
 * itself signs in through `POST /api/auth/login`. `role` is given in the table. Each call uses a new email
 * unless `email` is given. Throws when the sign-up is refused or the email is taken. Costs one argon2 hash
 * per new password per test file: for many users whose session does not matter, {@link buildUserRow} is
 * cheaper still.
 */
export async function buildUser(
  ctx: TestContext,
  opts: {
    role?: Role;
    name?: string;
    email?: string;
    password?: string;
    verified?: boolean;
    /** When the account was made (default now): {@link daysAgo}`(2)` for one past the first day's limits. */
    createdAt?: Date;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const password = opts.password ?? 'correct-horse-battery';
  const email = (opts.email ?? `user${counter}-${unique()}@example.test`).trim().toLowerCase();
  const name = opts.name ?? `User ${counter}`;
  let body: AuthResponse;
  let cookie: string;
  if (opts.verified === false) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name, email, password },
    });
    if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
    // A sign-up answers no session (decision 0037): the new user signs in.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    body = login.json() as AuthResponse;
    const setCookie = login.headers['set-cookie'];
    const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map(
      (c) => c.split(';')[0] ?? '',
    );
    cookie = cookies.find((c) => c.startsWith(`${PAGE_SESSION_COOKIE}=`)) ?? cookies[0] ?? '';
  } else {
    let hash = passwordHashes.get(password);
    if (!hash) {
      hash = hashPassword(password);
      passwordHashes.set(password, hash);
    }
    const now = new Date();
    const [row] = await ctx.database.db
      .insert(users)
      .values({
        name,
        email,
        passwordHash: await hash,
        emailVerifiedAt: now,
        lastLoginAt: now,
        role: opts.role ?? 'listener',
        ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new Error(`signup failed: ${email} is taken`);
    const expiresAt = new Date(now.getTime() + ctx.config.sessionTtlMs);
    const session = await insertSession(ctx.database.db, row.id, expiresAt);
    const jwtSecret = ctx.config.jwtSecret!;
    const token = await createTokenSigner(jwtSecret).sign(session.id, row.id, expiresAt);
    const pageToken = await createTokenSigner(deriveKey(jwtSecret, 'josie/page-session')).sign(
      session.id,
      row.id,
      expiresAt,
    );
    // What sign-in answers, without resolving the session here: its cache and last-use stamp start as a
    // signed-in client's do, at the test's first request. A new user follows no one and has no Spotify.
    body = { token, user: presentUser(row, [], null) };
    cookie = `${PAGE_SESSION_COOKIE}=${pageToken}`;
  }
  if (opts.verified === false && opts.createdAt) {
    await ctx.database.db.update(users).set({ createdAt: opts.createdAt }).where(eq(users.id, body.user._id));
  }
  if (opts.verified === false && opts.role && opts.role !== 'listener') {
    // Before the session is first used: the session cache would keep the listener it saw.
    await ctx.database.db.update(users).set({ role: opts.role }).where(eq(users.id, body.user._id));
    body.user.role = opts.role;
    body.user.abilities = userAbilities(opts.role);
  }
  return { ...body, password, cookie, auth: { authorization: `Bearer ${body.token}` } };
}

/**
 * The moment `days` days (of 24 hours) before now: an account made `daysAgo(2)` is no longer new, so the
 * comments' established rate limit applies to it (the comments service's `NEW_ACCOUNT_AGE_MS`,
 * docs/decisions/0046-comments.md).
 */
export const daysAgo = (days: number): Date => new Date(Date.now() - days * 24 * 3_600_000);

/** The password of every user made by {@link buildUserRow}. */
export const FIXTURE_PASSWORD = 'fixture-password-1';
let fixtureHash: Promise<string> | undefined;

/**
 * A user row (a `listener` unless told otherwise, verified unless `verified` is false) with
 * {@link FIXTURE_PASSWORD}, inserted directly: one
 * argon2 hash for the whole test file, however many users it makes. Sign in with the password, or
 * {@link buildSession} for a token.
 */
export async function buildUserRow(
  ctx: FactoryContext,
  opts: { role?: Role; name?: string; email?: string; verified?: boolean } = {},
): Promise<{ id: string; email: string; role: Role }> {
  const role = opts.role ?? 'listener';
  counter += 1;
  fixtureHash ??= hashPassword(FIXTURE_PASSWORD);
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      name: opts.name ?? `${role} ${counter}`,
      email: opts.email ?? `${role}-${crypto.randomUUID().slice(0, 12)}@fixture.test`,
      role,
      passwordHash: await fixtureHash,
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    })
    .returning({ id: users.id, email: users.email });
  return { id: row!.id, email: row!.email, role };
}

/**
 * A fresh session token of `user`, made as sign-in makes it (a session row, and a JWT naming it:
 * decision 0003) but without argon2; `ttlMs` until it expires (an hour by default). Each call opens a new
 * session, so a route that revokes one (logout) harms no other call.
 */
export async function buildSession(ctx: TestContext, user: UserRef, ttlMs = 3_600_000): Promise<string> {
  const id = idOfUser(user);
  const expiresAt = new Date(Date.now() + ttlMs);
  const session = await insertSession(ctx.database.db, id, expiresAt);
  return createTokenSigner(ctx.config.jwtSecret!).sign(session.id, id, expiresAt);
}

/** `{authorization}` headers for `inject`, with a fresh {@link buildSession} of `user`. */
export async function buildAuthHeaders(ctx: TestContext, user: UserRef) {
  return { authorization: `Bearer ${await buildSession(ctx, user)}` };
}

type JosieInsert = typeof josies.$inferInsert;

/**
 * Options of {@link buildJosie}: any column of the row, a `creator` (a fresh curator when not given), and
 * `publishedAt` as a `Date`, `null` or SQL (e.g. a literal with microseconds, which a `Date` cannot carry).
 */
export type JosieOptions = Partial<Omit<JosieInsert, 'creatorId' | 'publishedAt'>> & {
  creator?: UserRef;
  publishedAt?: Date | SQL | null;
};

/**
 * A josie row inserted straight into the table: published now unless told otherwise (`publishedAt` is
 * null for any other status unless given), with a unique title and one text paragraph.
 */
export async function buildJosie(ctx: FactoryContext, opts: JosieOptions = {}) {
  const { creator, publishedAt, ...rest } = opts;
  const creatorId = idOfUser(creator ?? (await buildUserRow(ctx, { role: 'curator' })));
  const status = rest.status ?? 'published';
  const [row] = await ctx.database.db
    .insert(josies)
    .values({
      creatorId,
      title: `Josie ${unique()}`,
      paragraphs: [{ type: 'text', content: 'Songs for a slow morning.' }],
      status,
      ...rest,
      publishedAt: publishedAt === undefined ? (status === 'published' ? new Date() : null) : publishedAt,
    } as JosieInsert)
    .returning();
  // As a publication does (decision 0027): into the home timelines that exist, its curator's and followers'.
  if (row!.status === 'published' && row!.publishedAt) {
    let after: string | null = null;
    for (;;) {
      const page = await fanOutPage(ctx.database.db, row!.id, creatorId, after, FAN_OUT_PAGE);
      if (page.count < FAN_OUT_PAGE) break;
      after = page.last;
    }
  }
  return row!;
}

/**
 * `count` published josies by one creator (a fresh curator when not given), titled `Josie 0`... and one
 * second apart, the newest at `newest` (now by default); answers them newest first.
 */
export async function buildJosies(
  ctx: FactoryContext,
  opts: { creator?: UserRef; count: number; newest?: Date },
) {
  const creator = opts.creator ?? (await buildUserRow(ctx, { role: 'curator' }));
  const newest = opts.newest ?? new Date();
  const rows = [];
  for (let i = 0; i < opts.count; i++) {
    rows.push(
      await buildJosie(ctx, {
        creator,
        title: `Josie ${i}`,
        publishedAt: new Date(newest.getTime() - i * 1000),
      }),
    );
  }
  return rows;
}

/**
 * `user` likes `josie` (each made when not given: a listener, a published josie), keeping the josie's
 * `like_count` in step in the same transaction, as the likes feature does (decision 0004).
 */
export async function buildLike(ctx: FactoryContext, opts: { josie?: JosieRef; user?: UserRef } = {}) {
  const josie = josieId(opts.josie ?? (await buildJosie(ctx)));
  const user = idOfUser(opts.user ?? (await buildUserRow(ctx)));
  await ctx.database.db.transaction(async (tx) => {
    await tx.insert(josieLikes).values({ josieId: josie, userId: user });
    await tx
      .update(josies)
      .set({ likeCount: sql`${josies.likeCount} + 1` })
      .where(eq(josies.id, josie));
  });
  return { josieId: josie, userId: user };
}

/** `user` saves `josie` (each made when not given: a listener, a published josie). */
export async function buildSave(ctx: FactoryContext, opts: { josie?: JosieRef; user?: UserRef } = {}) {
  const josie = josieId(opts.josie ?? (await buildJosie(ctx)));
  const user = idOfUser(opts.user ?? (await buildUserRow(ctx)));
  await ctx.database.db.insert(josieSaves).values({ josieId: josie, userId: user });
  return { josieId: josie, userId: user };
}

/**
 * A comment by `author` on `josie` (each made when not given: a listener, a published josie), a reply when
 * `parent` is given, posted `at` (now by default), keeping the josie's `comment_count` in step in the same
 * transaction, as the comments feature does (docs/decisions/0046-comments.md).
 */
export async function buildComment(
  ctx: FactoryContext,
  opts: { josie?: JosieRef; author?: UserRef; parent?: string; text?: string; at?: Date } = {},
) {
  const josie = josieId(opts.josie ?? (await buildJosie(ctx)));
  const authorId = idOfUser(opts.author ?? (await buildUserRow(ctx)));
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({
        josieId: josie,
        authorId,
        parentId: opts.parent ?? null,
        body: opts.text ?? `Comment ${unique()}`,
        ...(opts.at ? { createdAt: opts.at } : {}),
      })
      .returning();
    await tx
      .update(josies)
      .set({ commentCount: sql`${josies.commentCount} + 1` })
      .where(eq(josies.id, josie));
    return row!;
  });
}

/** Sets a remote feature flag as an admin does (`PUT /api/admin/flags/{key}`), so every cache follows. */
export async function setFlag(ctx: TestContext, key: string, value: string): Promise<void> {
  const admin = await buildUserRow(ctx, { role: 'admin' });
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/flags/${key}`,
    headers: await buildAuthHeaders(ctx, admin),
    payload: { value },
  });
  if (res.statusCode !== 200) throw new Error(`flag ${key}: ${res.statusCode} ${res.body}`);
}

/** `follower` follows `curator` (each made when not given: a listener, a curator). */
export async function buildFollow(ctx: FactoryContext, opts: { follower?: UserRef; curator?: UserRef } = {}) {
  const followerId = idOfUser(opts.follower ?? (await buildUserRow(ctx)));
  const curatorId = idOfUser(opts.curator ?? (await buildUserRow(ctx, { role: 'curator' })));
  await ctx.database.db.insert(follows).values({ followerId, curatorId });
  // As a follow does (decision 0027): the curator's josies join the follower's timeline, if it exists.
  await addCuratorToTimeline(ctx.database.db, followerId, curatorId, HOME_FEED_MAX_DEFAULT);
  return { followerId, curatorId };
}

/**
 * `blocker` blocks `blocked` (docs/decisions/0048-blocking-and-muting.md): the row only; the follows a block
 * through the API ends are left as they are.
 */
export async function buildBlock(ctx: FactoryContext, opts: { blocker: UserRef; blocked: UserRef }) {
  await ctx.database.db
    .insert(blocks)
    .values({ blockerId: idOfUser(opts.blocker), blockedId: idOfUser(opts.blocked) });
}

/**
 * A review decision on `josie` (a fresh published josie when not given), `approved` unless
 * told otherwise, made now by `reviewedBy` (nobody when not given); a rejection carries a reason. The
 * josie's own status is left as it is: make it with the status the test needs.
 */
export async function buildReview(
  ctx: FactoryContext,
  opts: {
    josie?: JosieRef;
    action?: 'approved' | 'rejected';
    reviewedBy?: UserRef;
    reviewedAt?: Date;
    rejectionReason?: string;
  } = {},
) {
  const action = opts.action ?? 'approved';
  const [row] = await ctx.database.db
    .insert(josieReviews)
    .values({
      josieId: josieId(opts.josie ?? (await buildJosie(ctx))),
      action,
      reviewedBy: opts.reviewedBy ? idOfUser(opts.reviewedBy) : null,
      reviewedAt: opts.reviewedAt ?? new Date(),
      rejectionReason: action === 'rejected' ? (opts.rejectionReason ?? 'Not a fit') : null,
    })
    .returning();
  return row!;
}

/** An analytics event (`page_view` now, of no user, no parameters and no reader, unless told otherwise). */
export async function buildEvent(
  ctx: FactoryContext,
  opts: {
    name?: string;
    at?: Date;
    user?: UserRef | null;
    params?: Record<string, unknown>;
    /** The studio's reader hash and bot mark (docs/decisions/0050-curator-studio-counts.md). */
    reader?: string | null;
    bot?: boolean;
  } = {},
) {
  const [row] = await ctx.database.db
    .insert(analyticsEvents)
    .values({
      name: opts.name ?? 'page_view',
      at: opts.at ?? new Date(),
      userId: opts.user ? idOfUser(opts.user) : null,
      ...(opts.params ? { params: opts.params } : {}),
      reader: opts.reader ?? null,
      bot: opts.bot ?? false,
    })
    .returning();
  return row!;
}

/**
 * A media row (an `avatar` unless told otherwise) of `owner` (a fresh curator when not given) under
 * `storageKey` (a unique key when not given). Only the row: no file is written to the storage.
 */
export async function buildMedia(
  ctx: FactoryContext,
  opts: { owner?: UserRef; storageKey?: string; kind?: 'avatar' | 'header' | 'josie-image' } = {},
) {
  const kind = opts.kind ?? 'avatar';
  const [row] = await ctx.database.db
    .insert(media)
    .values({
      ownerId: idOfUser(opts.owner ?? (await buildUserRow(ctx, { role: 'curator' }))),
      kind,
      storageKey: opts.storageKey ?? `${kind}s/${crypto.randomUUID()}.webp`,
      bytes: 100,
      width: 10,
      height: 10,
    })
    .returning();
  return row!;
}

/**
 * An active invite (thirty days left) by `creator` (a fresh curator when not given), used by each of
 * `usedBy` and visited `visits` times.
 */
export async function buildInvite(
  ctx: FactoryContext,
  opts: { creator?: UserRef; usedBy?: UserRef[]; visits?: number } = {},
) {
  const db = ctx.database.db;
  const [invite] = await db
    .insert(invites)
    .values({
      creatorId: idOfUser(opts.creator ?? (await buildUserRow(ctx, { role: 'curator' }))),
      inviteText: 'Come and listen',
      code: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  for (const user of opts.usedBy ?? [])
    await db.insert(inviteUses).values({ inviteId: invite!.id, userId: idOfUser(user) });
  for (let i = 0; i < (opts.visits ?? 0); i += 1)
    await db.insert(inviteVisits).values({ inviteId: invite!.id });
  return invite!;
}

/**
 * Creates a josie through the API (JSON body, so the authoring rules apply) as `curator` (a fresh
 * signed-up curator when not given); `paragraphs` default to text, a video and an audio item. Answers the
 * josie as the API shows it; throws on any answer but 201.
 */
export async function buildJosieViaApi(
  ctx: TestContext,
  curator?: TestUser,
  body: { title?: string; paragraphs?: unknown } = {},
): Promise<Josie> {
  const author = curator ?? (await buildUser(ctx, { role: 'curator' }));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/josies',
    headers: author.auth,
    payload: { title: body.title ?? 'A josie', paragraphs: body.paragraphs ?? fullParagraphs() },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Josie;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The version of josie `id` that an edit made now starts from (docs/decisions/0041-edits-carry-their-version.md),
 * read from the table; 1 for an id that names no josie, so that an edit refused for another reason (404,
 * 403) is refused for that reason.
 */
export async function josieVersion(ctx: FactoryContext, ref: JosieRef): Promise<number> {
  const id = josieId(ref);
  if (!UUID.test(id)) return 1;
  const [row] = await ctx.database.db
    .select({ version: josies.version })
    .from(josies)
    .where(eq(josies.id, id));
  return row?.version ?? 1;
}

/**
 * `payload`, a JSON body or a multipart form of `PUT /api/josies/{id}`, as an edit of the josie as it is now:
 * with `baseVersion` {@link josieVersion}, unless the payload names one itself.
 */
export async function atCurrentVersion<P extends object>(
  ctx: FactoryContext,
  ref: JosieRef,
  payload: P,
): Promise<P> {
  if (payload instanceof FormData) {
    if (!payload.has('baseVersion')) payload.append('baseVersion', String(await josieVersion(ctx, ref)));
    return payload;
  }
  if ('baseVersion' in payload) return payload;
  return { ...payload, baseVersion: await josieVersion(ctx, ref) };
}

/** Approves josie `id` through the API as `reviewer`; throws on any answer but 200. */
export async function approveJosie(ctx: TestContext, reviewer: TestUser, id: string): Promise<Josie> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/josies/${id}/approve`,
    headers: reviewer.auth,
  });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.statusCode} ${res.body}`);
  return res.json() as Josie;
}

/** Rejects josie `id` through the API as `reviewer` with `reason`; throws on any answer but 200. */
export async function rejectJosie(ctx: TestContext, reviewer: TestUser, id: string, reason: string) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/josies/${id}/reject`,
    headers: reviewer.auth,
    payload: { rejectionReason: reason },
  });
  if (res.statusCode !== 200) throw new Error(`reject failed: ${res.statusCode} ${res.body}`);
  return res.json() as Josie;
}

/** A curator with a pending josie and an active invite: the resources the security suite aims at. */
export interface Owner {
  id: string;
  email: string;
  role: Role;
  josieId: string;
  inviteId: string;
  inviteCode: string;
  /** The owner's comment on another curator's published josie (docs/decisions/0046-comments.md). */
  commentId: string;
}

/**
 * Makes an {@link Owner}: a curator row ({@link buildUserRow}), then its josie (JSON create) and invite
 * through the API, so both are exactly what the routes make. Throws on any refusal.
 */
export async function buildOwner(ctx: TestContext): Promise<Owner> {
  const user = await buildUserRow(ctx, { role: 'curator', name: 'Owner curator' });
  const headers = await buildAuthHeaders(ctx, user);
  const josie = await ctx.app.inject({
    method: 'POST',
    url: '/api/josies',
    headers,
    payload: { title: 'Owned josie', paragraphs: [{ type: 'text', content: 'Mine.' }] },
  });
  if (josie.statusCode !== 201) throw new Error(`josie: ${josie.statusCode} ${josie.body}`);
  const invite = await ctx.app.inject({
    method: 'POST',
    url: '/api/invites',
    headers,
    payload: { inviteText: 'Come along' },
  });
  if (invite.statusCode !== 201) throw new Error(`invite: ${invite.statusCode} ${invite.body}`);
  const { invite: created } = invite.json() as { invite: { _id: string; code: string } };
  const comment = await buildComment(ctx, { author: user.id, text: 'The owner speaks' });
  return {
    ...user,
    josieId: josie.json()._id,
    inviteId: created._id,
    inviteCode: created.code,
    commentId: comment.id,
  };
}
