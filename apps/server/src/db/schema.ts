/**
 * The whole data model (docs/product/data-and-config.md#data) as a Drizzle `pg-core` schema. Migrations are
 * generated from this file with `npm run db:generate` and never edited after they land.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`)
    .$defaultFn(() => uuidv7());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A 64-bit transaction id (`xid8`, PostgreSQL 13+), as the decimal string PostgreSQL prints. Rows stamped with
 * the transaction that wrote them can be read in commit-safe order: every id below
 * `pg_snapshot_xmin(pg_current_snapshot())` belongs to a transaction that has ended
 * (docs/decisions/0034-a-like-in-one-statement.md).
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Shape of `users.notification_settings`: the two global switches, and (absent until first changed) the
 * per-kind switches and the digest, merged over the contract's defaults on read
 * (docs/decisions/0024-notifications-centre.md).
 */
export interface NotificationSettingsColumn {
  allowPushNotifications: boolean;
  allowEmails: boolean;
  kinds?: Partial<Record<string, Partial<Record<'inApp' | 'email' | 'push', boolean>>>>;
  digest?: 'off' | 'daily' | 'weekly';
}
/** Shape of `users.preferences` (defaults are merged on read). */
export interface PreferencesColumn {
  theme?: string;
  genres?: string[];
  interests?: string[];
  myFont?: string;
  myColor?: string;
}
/** Shape of `users.onboarding`. */
export interface OnboardingColumn {
  completed: boolean;
  step: number;
}
/** One ordered paragraph of a josie: `{type, content}` (docs/product/differences.md#paragraph-types). */
export interface ParagraphColumn {
  type: string;
  content: unknown;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique (case-insensitive by construction). */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['listener', 'curator', 'editor', 'admin'] })
      .notNull()
      .default('listener'),
    avatarUrl: text('avatar_url'),
    headerImageUrl: text('header_image_url'),
    bio: text('bio').notNull().default(''),
    preferredLanguage: text('preferred_language', { enum: ['en', 'he'] })
      .notNull()
      .default('en'),
    // The listening service (decision 0022, the contract's LISTEN_SERVICES): the sign-in providers and the
    // platforms opened by their links.
    activeProvider: text('active_provider', {
      enum: [
        'spotify',
        'google',
        'appleMusic',
        'deezer',
        'tidal',
        'soundcloud',
        'amazonMusic',
        'youtubeMusic',
      ],
    })
      .notNull()
      .default('spotify'),
    notificationSettings: jsonb('notification_settings')
      .$type<NotificationSettingsColumn>()
      .notNull()
      .default({ allowPushNotifications: true, allowEmails: true }),
    preferences: jsonb('preferences').$type<PreferencesColumn>().notNull().default({}),
    onboarding: jsonb('onboarding')
      .$type<OnboardingColumn>()
      .notNull()
      .default({ completed: false, step: 1 }),
    lastLoginAt: at('last_login_at'),
    /** When the account's address was proven (docs/decisions/0025-account-and-data.md); null: not yet. */
    emailVerifiedAt: at('email_verified_at'),
    /**
     * When an admin suspended the account (docs/decisions/0047-reports-and-moderation.md): its sessions
     * were revoked, it cannot sign in and its comments are hidden. Null: not suspended.
     */
    suspendedAt: at('suspended_at'),
    /** The admin's reason for the suspension, shown to admins only; null when not suspended. */
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role, t.createdAt),
    // Search (docs/decisions/0021-search-in-postgresql.md; the functions come from migration
    // 0004_search_in_postgresql): live curators by name and bio, and by name alone for the josie search.
    index('users_curator_search_idx')
      .using('gin', sql`public.josie_curator_vector(${t.name}, ${t.bio})`)
      .where(sql`${t.role} = 'curator' and ${t.deletedAt} is null`),
    index('users_curator_name_search_idx')
      .using('gin', sql`public.josie_search_words(${t.name})`)
      .where(sql`${t.role} = 'curator' and ${t.deletedAt} is null`),
    // The few deleted accounts: a notification entry's live actors are all its actors less these
    // (docs/decisions/0035-announced-to-those-connected.md).
    index('users_deleted_idx').on(t.id).where(sql`${t.deletedAt} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** Last request seen on this session, updated at most every few minutes (docs/decisions/0025-account-and-data.md). */
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** The User-Agent header of the sign-in, for "where you are signed in" (browser and OS are read from it). */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('password_resets_token_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['spotify', 'google'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    /** AES-GCM ciphertexts (base64url); tokens never leave the server (docs/product/differences.md#provider-tokens). */
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    accessTokenExpiresAt: at('access_token_expires_at'),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_key').on(t.provider, t.providerUserId),
    uniqueIndex('oauth_accounts_user_provider_key').on(t.userId, t.provider),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    curatorId: uuid('curator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.curatorId] }),
    // A curator's followers in id order: the pages of a publication's fan-out into home timelines
    // (docs/decisions/0027-home-timelines.md) read it as a keyset, and the follower counts as a prefix.
    index('follows_curator_follower_idx').on(t.curatorId, t.followerId),
  ],
);

export const josies = pgTable(
  'josies',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    paragraphs: jsonb('paragraphs').$type<ParagraphColumn[]>().notNull().default([]),
    /**
     * Up to 3 names from the live genre list, in its spelling when chosen; kept when the catalogue entry is
     * later removed (docs/decisions/0020-genres-on-josies.md).
     */
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    schemaVersion: smallint('schema_version').notNull().default(2),
    status: text('status', { enum: ['pending', 'published', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    likeCount: integer('like_count').notNull().default(0),
    /**
     * Its live comments, replies included (a removed one not): moved by the comments module through the
     * josies service in the comment's transaction (docs/decisions/0046-comments.md).
     */
    commentCount: integer('comment_count').notNull().default(0),
    /** Who may comment, the creator's choice (docs/decisions/0046-comments.md). */
    commentPolicy: text('comment_policy', { enum: ['everyone', 'followers', 'off'] })
      .notNull()
      .default('everyone'),
    /**
     * The edit version: 1 at creation, one more with each saved edit of the title, paragraphs or genres (a
     * review or a like leaves it). An edit names the version it started from and is refused when it moved
     * (docs/decisions/0041-edits-carry-their-version.md).
     */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    publishedAt: at('published_at'),
  },
  (t) => [
    index('josies_feed_idx').on(t.creatorId, t.status, t.publishedAt.desc(), t.id.desc()),
    index('josies_review_idx').on(t.status, t.updatedAt),
    index('josies_creator_updated_idx').on(t.creatorId, t.updatedAt.desc()),
    // For the genre filter of the discovery pages (`genres @> array[...]`).
    index('josies_genres_idx').using('gin', t.genres),
    // The josies showing an audio or video item (`paragraphs @> [{content: {url}}]`), whose answers change
    // when the link resolver stores that item's links (docs/decisions/0022-listen-on-your-own-service.md).
    index('josies_paragraphs_idx').using('gin', t.paragraphs.op('jsonb_path_ops')),
    // The search's genre filter, without regard to case (docs/decisions/0021-search-in-postgresql.md). The
    // searched documents themselves, the generated tsvector columns `search` and `search_head` and their
    // indexes (GIN, and `josies_search_recent_idx`: published josies newest first with their head), are
    // made by migration 0004_search_in_postgresql and kept out of this table's columns, so that the many
    // `select()` of josies do not carry them.
    index('josies_genres_lower_idx').using('gin', sql`public.josie_lower_genres(${t.genres})`),
    // Every published josie newest first, across curators: the genre rows and pages of explore
    // (docs/decisions/0023-explore-and-taste.md).
    index('josies_published_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    check('josies_like_count_nonnegative', sql`${t.likeCount} >= 0`),
    check('josies_comment_count_nonnegative', sql`${t.commentCount} >= 0`),
  ],
);

/**
 * Comments on josies (docs/decisions/0046-comments.md): top-level ones (`parent_id` null) and their replies,
 * one level deep. A removed comment that has replies keeps its row as a placeholder (`removed_at` set, `body`
 * null); one without replies is deleted, and so is a placeholder whose last reply goes.
 */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    josieId: uuid('josie_id')
      .notNull()
      .references(() => josies.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    body: text('body'),
    createdAt: createdAt(),
    editedAt: at('edited_at'),
    removedAt: at('removed_at'),
  },
  (t) => [
    // A josie's threads in either order: the keyset of a page of comments.
    index('comments_josie_top_idx').on(t.josieId, t.createdAt, t.id).where(sql`${t.parentId} is null`),
    // A thread's replies oldest first: the first three inline, the rest paged.
    index('comments_parent_idx').on(t.parentId, t.createdAt, t.id),
    // The author's latest comment on a josie (the duplicate check) and account deletion.
    index('comments_author_idx').on(t.authorId, t.josieId, t.createdAt),
  ],
);

/**
 * Blocks (docs/decisions/0048-blocking-and-muting.md): `blocker_id` blocked `blocked_id`. The blocked account
 * may no longer comment on the blocker's josies, reply to their comments or follow them, and the blocker no
 * longer sees its comments. Both keys cascade: an account's deletion removes its blocks both ways.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // The blocker's list, newest first (a keyset on `(created_at, blocked_id)`).
    index('blocks_blocker_created_idx').on(t.blockerId, t.createdAt, t.blockedId),
    // Who blocked an account: the deletion's cascade and the "blocked by" checks read it by index.
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * Mutes (decision 0048): `muter_id` no longer sees the comments of `muted_id`; nothing else changes, and the
 * muted account is not told. Both keys cascade like {@link blocks}.
 */
export const mutes = pgTable(
  'mutes',
  {
    muterId: uuid('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: uuid('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    index('mutes_muter_created_idx').on(t.muterId, t.createdAt, t.mutedId),
    index('mutes_muted_idx').on(t.mutedId),
  ],
);

export const josieLikes = pgTable(
  'josie_likes',
  {
    josieId: uuid('josie_id')
      .notNull()
      .references(() => josies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /**
     * The transaction that added the like: the like notifications read new likes by it, so the like is its
     * own outbox (docs/decisions/0034-a-like-in-one-statement.md).
     */
    createdXid: xid8('created_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    primaryKey({ columns: [t.josieId, t.userId] }),
    index('josie_likes_user_idx').on(t.userId),
    index('josie_likes_xid_idx').on(t.createdXid),
    // A josie's likes of the last 7 days, counted from the index alone, for trending
    // (docs/decisions/0023-explore-and-taste.md).
    index('josie_likes_recent_idx').on(t.josieId, t.createdAt),
  ],
);

export const josieSaves = pgTable(
  'josie_saves',
  {
    josieId: uuid('josie_id')
      .notNull()
      .references(() => josies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.josieId] })],
);

export const josieReviews = pgTable(
  'josie_reviews',
  {
    id: id(),
    josieId: uuid('josie_id')
      .notNull()
      .references(() => josies.id, { onDelete: 'cascade' }),
    reviewedAt: at('reviewed_at').notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['approved', 'rejected'] }).notNull(),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [index('josie_reviews_josie_idx').on(t.josieId, t.reviewedAt)],
);

export const invites = pgTable(
  'invites',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteText: text('invite_text').notNull(),
    /** 128 random bits, base64url. */
    code: text('code').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('invites_code_key').on(t.code),
    index('invites_creator_idx').on(t.creatorId, t.createdAt),
  ],
);

export const inviteUses = pgTable(
  'invite_uses',
  {
    inviteId: uuid('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: at('used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.inviteId, t.userId] })],
);

export const inviteVisits = pgTable(
  'invite_visits',
  {
    id: id(),
    inviteId: uuid('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    visitedAt: at('visited_at').notNull().defaultNow(),
  },
  (t) => [index('invite_visits_invite_idx').on(t.inviteId)],
);

export const genres = pgTable(
  'genres',
  { id: id(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('genres_name_key').on(sql`lower(${t.name})`)],
);

export const interests = pgTable(
  'interests',
  { id: id(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('interests_name_key').on(sql`lower(${t.name})`)],
);

export const aiTemplates = pgTable(
  'ai_templates',
  {
    id: id(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    /** The edit version, one more with each saved edit (docs/decisions/0041-edits-carry-their-version.md). */
    version: integer('version').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_templates_key_key').on(t.key)],
);

export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    name: text('name').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: at('at').notNull().defaultNow(),
    /**
     * Who read, for the studio's counts (docs/decisions/0050-curator-studio-counts.md): a hash of the
     * account id, or of the address and user agent, with the salt of the event's UTC day (`studio_salts`,
     * deleted after the day), so one reader's events of one day match and no two days can be joined.
     * Null for the events that are not counted per reader, and for bots.
     */
    reader: text('reader'),
    /** Sent by a known bot (`isbot`): kept like any event, never counted by the studio. */
    bot: boolean('bot').notNull().default(false),
    /**
     * The transaction that recorded it: the studio's rollup reads events in commit-safe order by it
     * (decisions 0034 and 0050), so an event still committing is read by a later run, never skipped.
     */
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('analytics_events_name_at_idx').on(t.name, t.at),
    // The rollup's keyset from its mark (decision 0050).
    index('analytics_events_xid_idx').on(t.xid, t.id),
  ],
);

/**
 * The salt of one UTC day's reader hashes (decision 0050, the Plausible method): random, made by the first
 * event of the day, deleted by the rollup once the day is over, so a reader's hash of one day can never be
 * computed again nor matched with another day's. The studio module's.
 */
export const studioSalts = pgTable('studio_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * How far the studio's rollup has read `analytics_events` (decision 0050): the last event counted, by its
 * `(xid, id)`. One row per reader of the events, locked by the run that moves it, in the transaction of
 * the counts it adds, so a retry or a second instance never counts an event twice.
 */
export const studioMarks = pgTable('studio_marks', {
  name: text('name').primaryKey(),
  xid: xid8('xid').notNull(),
  lastId: uuid('last_id').notNull(),
});

/**
 * The first counted event of one reader on one subject on one UTC day (decision 0050): a view of a josie,
 * a play of an item, a click on a service's link, a share, a follow's source. A second event of the same
 * reader that day finds its row and is not counted. `a` and `b` are the first event's dimensions (the
 * surface and language of a view, the service of a play). Rows of days before yesterday are deleted by the
 * rollup: they only guard the day still being counted.
 */
export const studioFirsts = pgTable(
  'studio_firsts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    reader: text('reader').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.subject, t.reader] })],
);

/**
 * A josie's daily counts (decision 0050): `metric` (`views`, `plays`, `likes`...) with `dim` '' for the
 * total, or a breakdown (`view_surface` by surface, `view_language` by language, `play_service` by
 * service). Written only by the rollup; the studio's josie pages read only these.
 */
export const studioJosieDays = pgTable(
  'studio_josie_days',
  {
    josieId: uuid('josie_id')
      .notNull()
      .references(() => josies.id, { onDelete: 'cascade' }),
    metric: text('metric').notNull(),
    dim: text('dim').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.josieId, t.metric, t.dim, t.day] })],
);

/**
 * A josie's running totals (decision 0050, amended): each metric counted from the josie's first day through
 * `day`, a row per day with activity, kept by the rollup in the transaction of the daily counts. A period's
 * total is the latest row on or before its last day less the latest row before its first: two index probes
 * whatever the period's length, so the josie table sorts a curator's thousands of josies in one statement.
 */
export const studioJosieRunning = pgTable(
  'studio_josie_running',
  {
    josieId: uuid('josie_id')
      .notNull()
      .references(() => josies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull(),
    plays: integer('plays').notNull(),
    likes: integer('likes').notNull(),
    saves: integer('saves').notNull(),
    shares: integer('shares').notNull(),
    comments: integer('comments').notNull(),
    alsoOn: integer('also_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.josieId, t.day] })],
);

/**
 * A curator's daily counts (decision 0050): the sums of their josies' counts, and their audience's
 * (`followers_gained`, `followers_lost`, `follow_source` by surface, `invite_joins` by invite). The
 * studio's overview and audience read only these.
 */
export const studioCuratorDays = pgTable(
  'studio_curator_days',
  {
    curatorId: uuid('curator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    metric: text('metric').notNull(),
    dim: text('dim').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.curatorId, t.metric, t.dim, t.day] })],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  { id: id(), email: text('email').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('newsletter_subscribers_email_key').on(t.email)],
);

export const media = pgTable(
  'media',
  {
    id: id(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['avatar', 'header', 'josie-image'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_storage_key').on(t.storageKey), index('media_owner_idx').on(t.ownerId)],
);

/**
 * One browser's Web Push subscription (docs/product/rules-and-limits.md#notifications-and-install): the push
 * service's `endpoint` (unique: a browser profile has one per origin) and the keys its payloads are encrypted
 * to (RFC 8291). A subscription belongs to the account that registered it last; the push service answering
 * 404/410 removes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: text('p256dh').notNull(),
    /** The browser's authentication secret, base64url (16 bytes). */
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** One stored link of an item on another platform (`item_links.links`): the contract's `ItemLink`. */
export interface StoredItemLink {
  platform:
    | 'spotify'
    | 'youtube'
    | 'youtubeMusic'
    | 'appleMusic'
    | 'deezer'
    | 'tidal'
    | 'soundcloud'
    | 'amazonMusic';
  url: string;
  source: 'odesli' | 'search';
  /** 0-1 for a `search` match, else null. */
  confidence: number | null;
}

/**
 * What the link resolver found for one audio or video item, keyed by the URL a josie's paragraph holds
 * (docs/decisions/0022-listen-on-your-own-service.md): its links on other platforms with their source and
 * confidence, its title, artist and artwork, and the state of its resolution (pending until the first
 * attempt, resolved, failed) with the back-off of the next attempt. Written only by the links module.
 */
export const itemLinks = pgTable(
  'item_links',
  {
    itemUrl: text('item_url').primaryKey(),
    status: text('status', { enum: ['pending', 'resolved', 'failed'] })
      .notNull()
      .default('pending'),
    title: text('title').notNull().default(''),
    artistName: text('artist_name').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    links: jsonb('links').$type<StoredItemLink[]>().notNull().default([]),
    /** When the last successful resolution was stored. */
    resolvedAt: at('resolved_at'),
    /** Resolutions attempted so far (each job's key carries it, so a later one is never deduplicated away). */
    attempts: integer('attempts').notNull().default(0),
    /** Failures since the last success: the back-off's exponent. */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    lastFailureAt: at('last_failure_at'),
    /** No attempt before this time (back-off after a failure); null: due now. */
    nextAttemptAt: at('next_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('item_links_status_idx').on(t.status, t.nextAttemptAt),
    index('item_links_resolved_idx').on(t.resolvedAt),
  ],
);

/**
 * One in-app notification of the notifications centre (docs/decisions/0024-notifications-centre.md). Entries
 * of one recipient, kind and `group_key` are one row that gathers its actors (likes on a josie in a UTC day,
 * the review queue of a day); `updated_at` moves it to the top when an actor joins, and clears `read_at`.
 * Written only by the notifications module, by its jobs: never in the request that caused it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'follower',
        'invite-joined',
        'josie-approved',
        'josie-rejected',
        'likes',
        'new-josie',
        'review-waiting',
        'contact-message',
        'comment',
        'reply',
        'report-resolved',
      ],
    }).notNull(),
    /** Entries with the same recipient, kind and key are grouped into this row. */
    groupKey: text('group_key').notNull(),
    subjectType: text('subject_type', { enum: ['josie', 'invite', 'message', 'report'] }),
    subjectId: uuid('subject_id'),
    /** A rejection's reason, as the editor wrote it. */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_group_key').on(t.userId, t.kind, t.groupKey),
    index('notifications_user_recent_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_subject_idx').on(t.subjectId),
    index('notifications_read_idx').on(t.readAt).where(sql`${t.readAt} is not null`),
  ],
);

/** The people a notification is about; an actor's deleted account leaves the grouping (cascade). */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index('notification_actors_actor_idx').on(t.actorId),
    // In the order an entry names its actors, newest first (the actors of one batch share a time): the
    // newest three live ones are the first rows of the range (docs/decisions/0035-announced-to-those-connected.md).
    index('notification_actors_recent_idx').on(t.notificationId, t.createdAt.desc(), t.actorId),
  ],
);

/**
 * How far a reader of an outbox has read (docs/decisions/0034-a-like-in-one-statement.md): `likes` is the
 * last transaction whose likes told their josies' creators. One row per reader, written under its row lock,
 * so two instances never read the same likes.
 */
export const outboxCursors = pgTable('outbox_cursors', {
  name: text('name').primaryKey(),
  position: xid8('position').notNull(),
});

/**
 * A mailed single-use link of the account (docs/decisions/0025-account-and-data.md): verifying the address,
 * confirming a new one (`new_email`), confirming the deletion of an account without a password. Only the
 * token's SHA-256 is stored; `used_at` spends it.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'change-email', 'delete-account'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('email_links_token_key').on(t.tokenHash),
    index('email_links_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * An account export (docs/decisions/0025-account-and-data.md): built by a job into a zip in the media
 * storage under `storage_key`, downloadable by its owner until `expires_at`.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    storageKey: text('storage_key'),
    /** Size of the zip, in bytes. */
    bytes: integer('bytes'),
    error: text('error'),
    createdAt: createdAt(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [
    index('account_exports_user_idx').on(t.userId, t.createdAt.desc()),
    index('account_exports_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The security log admins read (docs/decisions/0025-account-and-data.md): verification, password and email
 * changes, revoked sessions, exports, deletions. Never a password, token or link. A deleted account's
 * events stay with no user.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** Who acted, when it was not the account itself: the editor or admin of a moderation action. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why, in the actor's words (a moderation action's reason); never a secret. */
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_recent_idx').on(t.createdAt.desc(), t.id.desc()),
    index('security_events_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * The readers whose home timeline is kept (docs/decisions/0027-home-timelines.md): a row is made on the
 * reader's first feed read. `since` is the timeline's horizon: it holds every josie of the reader's feed
 * published after it (all of them when null); older ones are read from `josies` as before.
 */
export const homeFeeds = pgTable('home_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  since: at('since'),
  createdAt: createdAt(),
});

/**
 * A reader's home timeline, kept on write (docs/decisions/0027-home-timelines.md): one row per josie of the
 * feed, written when it is published, when the reader follows its curator and when the timeline is built;
 * read newest first as one range of the primary key. `creator_id` lets an unfollow remove its rows.
 */
export const homeFeedEntries = pgTable(
  'home_feed_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => homeFeeds.userId, { onDelete: 'cascade' }),
    publishedAt: at('published_at').notNull(),
    josieId: uuid('josie_id')
      .notNull()
      .references(() => josies.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.publishedAt, t.josieId] }),
    // The rows of one josie: its deletion's cascade.
    index('home_feed_entries_josie_idx').on(t.josieId),
  ],
);

/**
 * Reports of a comment, a josie or an account (docs/decisions/0047-reports-and-moderation.md): one open
 * report per reporter and target (`reports_open_key`); an editor's or admin's action on the target resolves
 * all its open reports together (`resolved_at`, `resolved_by`, `resolution`). `target_id` names a row of
 * `comments`, `josies` or `users` by `target_type`, without a foreign key: a report outlives its target,
 * which the queue then shows as gone. A reporter's deletion deletes their reports.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['comment', 'josie', 'account'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', { enum: ['spam', 'harassment', 'hate', 'sexual', 'other'] }).notNull(),
    text: text('text'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution', {
      enum: ['dismissed', 'comment-removed', 'josie-sent-back', 'account-suspended'],
    }),
  },
  (t) => [
    // One open report per reporter and target: a second answers 409 `ALREADY_REPORTED`.
    uniqueIndex('reports_open_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.resolvedAt} is null`),
    // The queue: open reports per target, newest first.
    index('reports_open_target_idx')
      .on(t.targetType, t.targetId, t.createdAt.desc())
      .where(sql`${t.resolvedAt} is null`),
    // The data export of a reporter.
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);
