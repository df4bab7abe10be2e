import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NOTIFICATION_RETENTION_DAYS } from '@josie/contract';
import { z } from 'zod';
import { parseEncryptionKey } from './lib/crypto.js';
import { parseAddressRanges } from './lib/ssrf.js';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** A URL with a default (a provider's public endpoint), without a trailing slash. */
const urlOr = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || fallback)
    .pipe(z.url())
    .transform((v) => v.replace(/\/+$/, ''));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  // Prefix of every Redis key and channel, so that deployments (or test runs) can share one Redis.
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]*$/, 'REDIS_PREFIX may hold letters, digits and _ : . - only')
    .default('josie:'),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  DEMO_DATA: optionalString,
  DEMO_PASSWORD: z.string().min(8).default('demo-password'),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  // Bearer token of `/metrics`; unset, `/metrics` answers 404 (decision 0009).
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v ?? '');
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            "TRUST_PROXY must be false or a comma-separated list of the proxies' IP addresses or CIDR ranges (a hop count cannot tell a proxy from a client that reached the server directly)",
        });
        return z.NEVER;
      }
      return trust;
    }),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  // Mails one account may ask for per RATE_LIMIT_AUTH_WINDOW_MS: verification resends, email-change
  // confirmations (docs/decisions/0025-account-and-data.md).
  RATE_LIMIT_VERIFICATION_MAX: z.coerce.number().int().min(1).default(5),
  // Searches per client address per minute (docs/decisions/0021-search-in-postgresql.md): benchmarks raise it.
  RATE_LIMIT_SEARCH_MAX: z.coerce.number().int().min(1).default(120),
  // Explore reads per minute per user, or per address for visitors (docs/product/rules-and-limits.md).
  RATE_LIMIT_DISCOVERY_MAX: z.coerce.number().int().min(1).default(300),
  // The longest a client may take to send a whole request, headers and body (decision 0009).
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  // Many instances (docs/performance.md): in-memory caches with invalidation across instances (0 turns one
  // off).
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  FLAGS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  // Read caches (reads/read-caches.ts): every one of them (published josies, the home strip, explore, each
  // reader's likes and saves); READER_CACHE_TTL_MS the per-reader ones only (default: READ_CACHE_TTL_MS).
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  READER_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  // Published josies only: every change to one is invalidated on every instance (its creator's name, avatar,
  // colour and font too), so they live longer than the other read caches (never shorter; 0 with them).
  JOSIE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  // Home timelines (docs/decisions/0027-home-timelines.md): the most rows one reader's timeline keeps, and
  // the followers a publication adds in its own request before the rest go to background jobs.
  HOME_FEED_MAX: z.coerce.number().int().min(21).max(10_000).default(400),
  HOME_FEED_INLINE_FOLLOWERS: z.coerce.number().int().min(0).max(10_000).default(200),
  // S3-compatible object storage for uploads; unset S3_BUCKET keeps media on local disk.
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl,
  RATE_LIMIT_AUTH_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60 * 1000),
  SPOTIFY_CLIENT_ID: optionalString,
  SPOTIFY_CLIENT_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  // Integrations (docs/product/rules-and-limits.md#media). Each provider's base URL is configurable so tests
  // use local stand-ins.
  SPOTIFY_ACCOUNTS_BASE_URL: urlOr('https://accounts.spotify.com'),
  SPOTIFY_API_BASE_URL: urlOr('https://api.spotify.com'),
  SPOTIFY_OEMBED_URL: urlOr('https://open.spotify.com/oembed'),
  GOOGLE_AUTH_URL: urlOr('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: urlOr('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: urlOr('https://openidconnect.googleapis.com/v1/userinfo'),
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_API_BASE_URL: urlOr('https://www.googleapis.com/youtube/v3'),
  YOUTUBE_OEMBED_URL: urlOr('https://www.youtube.com/oembed'),
  // The link resolver (docs/decisions/0022-listen-on-your-own-service.md): Odesli's API, keyless at low
  // volume; `off` turns it off.
  ODESLI_API_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || 'https://api.song.link/v1-alpha.1/links')
    .pipe(z.union([z.literal('off'), z.url()])),
  ODESLI_API_KEY: optionalString,
  ODESLI_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  LINKS_REFRESH_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  PIXABAY_API_KEY: optionalString,
  PIXABAY_BASE_URL: urlOr('https://pixabay.com/api'),
  OPENVERSE_BASE_URL: urlOr('https://api.openverse.org/v1'),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_IMAGE_MODEL: optionalString,
  TOKEN_ENCRYPTION_KEY: optionalString.refine(
    (v) => v === undefined || parseEncryptionKey(v) !== null,
    'TOKEN_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64',
  ),
  IMAGE_FETCH_ALLOWED_ADDRESSES: optionalString.refine((v) => {
    try {
      parseAddressRanges(v ?? '');
      return true;
    } catch {
      return false;
    }
  }, 'IMAGE_FETCH_ALLOWED_ADDRESSES must be a comma-separated list of IP addresses or CIDR ranges'),
  IMAGE_FETCH_CA_FILE: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Josie <no-reply@josie.local>'),
  // Web push and the job queue (docs/product/rules-and-limits.md#notifications-and-install).
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL')
      .optional(),
  ),
  PUSH_ALLOWED_ADDRESSES: optionalString.refine((v) => {
    try {
      parseAddressRanges(v ?? '');
      return true;
    } catch {
      return false;
    }
  }, 'PUSH_ALLOWED_ADDRESSES must be a comma-separated list of IP addresses or CIDR ranges'),
  PUSH_CA_FILE: optionalString,
  PUSH_SERVICE_HOSTS: optionalString,
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(300_000).default(10_000),
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(15_000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  // Analytics events older than this are purged once a day (decision 0010); 395 days = 13 months.
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(395),
  // Grace periods of the daily clean-up jobs (decision 0018, "Scheduled work").
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  PASSWORD_RESET_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  UNUSED_UPLOAD_RETENTION_HOURS: z.coerce.number().int().min(1).max(8_760).default(24),
  INVITE_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  NOTIFICATION_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(36_500)
    .default(NOTIFICATION_RETENTION_DAYS),
});

/** The server's configuration, parsed once from the environment. docs/product/data-and-config.md#configuration. */
export type Config = ReturnType<typeof buildConfig>;

/**
 * Parses an environment into a {@link Config}. This module is the only place that reads
 * `process.env` (via {@link loadConfig}); tests call this with their own map.
 *
 * @throws Error listing every invalid variable, so start-up fails fast with a readable message.
 */
export function buildConfig(env: Record<string, string | undefined>) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set',
    );
  }
  if (e.NODE_ENV === 'production' && e.TRUST_PROXY === true) {
    throw new Error(
      "Invalid configuration:\n  TRUST_PROXY: true trusts every X-Forwarded-For entry, so any client could choose its address and pass every per-address limit; give the load balancer's addresses or CIDR ranges instead, e.g. TRUST_PROXY=10.0.0.0/8 (decision 0009)",
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    /** PGlite in `DATA_DIR/pglite` when unset; `memory://` keeps it in memory (tests). */
    databaseUrl: e.DATABASE_URL,
    embedded,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    /** Demo data is seeded by default only on the embedded database (docs/product/data-and-config.md#configuration). */
    demoData: e.DEMO_DATA === undefined ? embedded : e.DEMO_DATA === 'true' || e.DEMO_DATA === '1',
    demoPassword: e.DEMO_PASSWORD,
    initialAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
    logLevel: e.LOG_LEVEL,
    /** The bearer token `/metrics` asks for; null: `/metrics` answers 404. Decision 0009. */
    metricsToken: e.METRICS_TOKEN ?? null,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : undefined,
    /**
     * Which proxies' `X-Forwarded-For` entries to believe (Fastify's `trustProxy`): false (none: the
     * socket's address), or the proxies' addresses and CIDR ranges. Decision 0009.
     */
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      authMax: e.RATE_LIMIT_AUTH_MAX,
      authWindowMs: e.RATE_LIMIT_AUTH_WINDOW_MS,
      /**
       * Verification resends and email-change requests per account per `authWindowMs`
       * (docs/decisions/0025-account-and-data.md).
       */
      verificationMax: e.RATE_LIMIT_VERIFICATION_MAX,
      /** Searches per client address per minute (docs/decisions/0021-search-in-postgresql.md). */
      searchMax: e.RATE_LIMIT_SEARCH_MAX,
      /** Explore reads per minute per user or, for a visitor, per address. */
      discoveryMax: e.RATE_LIMIT_DISCOVERY_MAX,
    },
    /**
     * The longest a client may take to send a whole request, headers and body, uploads included (ms): a
     * slower one is answered 408 and its connection closed. Decision 0009.
     */
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    /**
     * How long live sessions, the feature flags and the read caches (the home strip, explore) stay in memory
     * (ms; 0: not cached), the per-reader read caches (a reader's likes and saves; never longer than the
     * others), and published josies (never shorter; decision 0033). docs/performance.md.
     */
    cache: {
      sessionTtlMs: e.SESSION_CACHE_TTL_MS,
      flagsTtlMs: e.FLAGS_CACHE_TTL_MS,
      readTtlMs: e.READ_CACHE_TTL_MS,
      readerTtlMs: Math.min(e.READER_CACHE_TTL_MS ?? e.READ_CACHE_TTL_MS, e.READ_CACHE_TTL_MS),
      josieTtlMs: e.READ_CACHE_TTL_MS === 0 ? 0 : Math.max(e.JOSIE_CACHE_TTL_MS, e.READ_CACHE_TTL_MS),
    },
    /**
     * Home timelines kept on write (docs/decisions/0027-home-timelines.md): `max` rows per reader at most
     * (beyond, the feed is read live); `inlineFollowers` of a publication's followers are written in the
     * approve request, the others by `feed.fan-out` jobs of 1,000.
     */
    homeFeed: { max: e.HOME_FEED_MAX, inlineFollowers: e.HOME_FEED_INLINE_FOLLOWERS },
    /**
     * S3-compatible object storage for uploads (docs/performance.md), or null for local disk under
     * `DATA_DIR/media`. `endpoint` set (MinIO, R2, Ceph...) means path-style URLs; unset means AWS
     * virtual-hosted ones. `publicUrl` is where browsers read objects (a CDN or the bucket's website);
     * default the object URL.
     */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
        }
      : null,
    spotify:
      e.SPOTIFY_CLIENT_ID && e.SPOTIFY_CLIENT_SECRET
        ? { clientId: e.SPOTIFY_CLIENT_ID, clientSecret: e.SPOTIFY_CLIENT_SECRET }
        : null,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    /** Web Push (docs/product/rules-and-limits.md#notifications-and-install). Keys unset: generated into DATA_DIR in embedded mode, else push is off. */
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      /** Who push services contact about this sender: `VAPID_SUBJECT`, else `mailto:` the MAIL_FROM address. */
      subject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
      /** Non-public addresses push endpoints may still point at (a test's loopback stand-in). */
      allowedAddresses: e.PUSH_ALLOWED_ADDRESSES ?? null,
      /** A PEM file of certificate authorities trusted for push endpoints besides the system's. */
      caFile: e.PUSH_CA_FILE ? resolve(e.PUSH_CA_FILE) : null,
      /**
       * Host names a subscription's endpoint may name besides the known push services
       * (modules/notifications/push-services.ts): a private push service, or a test's stand-in.
       */
      extraServiceHosts: (e.PUSH_SERVICE_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    },
    /** The durable job queue (`src/jobs/`, pg-boss: decision 0018). */
    jobs: {
      /** At least 500 ms (pg-boss's floor): a smaller value polls every 500 ms. */
      pollIntervalMs: e.JOBS_POLL_INTERVAL_MS,
      /** The first retry's delay, rounded up to whole seconds; each further retry doubles it, with jitter. */
      retryBaseMs: e.JOBS_RETRY_BASE_MS,
      concurrency: e.JOBS_CONCURRENCY,
    },
    /** The app's own analytics events (docs/product/differences.md#analytics; decision 0010). */
    analytics: {
      /** Events older than this many days are deleted by the daily `analytics.purge` job. */
      retentionDays: e.ANALYTICS_RETENTION_DAYS,
    },
    /** Grace periods of the daily clean-up jobs (decision 0018, "Scheduled work"). */
    retention: {
      /** Session rows expired or revoked more than this many days ago are deleted (`sessions.purge`). */
      sessionDays: e.SESSION_RETENTION_DAYS,
      /** Reset tokens used or expired more than this many days ago are deleted (`password-resets.purge`). */
      passwordResetDays: e.PASSWORD_RESET_RETENTION_DAYS,
      /** Uploaded images nothing shows this many hours after their upload are deleted (`uploads.purge`). */
      unusedUploadHours: e.UNUSED_UPLOAD_RETENTION_HOURS,
      /** Invites expired this many days ago, never visited nor used, are deleted (`invites.purge`). */
      inviteDays: e.INVITE_RETENTION_DAYS,
      /** Notifications read more than this many days ago are deleted (`notifications.purge`; unread are kept). */
      notificationDays: e.NOTIFICATION_RETENTION_DAYS,
    },
    /** External services of docs/product/rules-and-limits.md#media (docs/product/data-and-config.md#configuration); a service without its key or model is off (null). */
    integrations: {
      spotify: {
        accountsBaseUrl: e.SPOTIFY_ACCOUNTS_BASE_URL,
        apiBaseUrl: e.SPOTIFY_API_BASE_URL,
        oembedUrl: e.SPOTIFY_OEMBED_URL,
      },
      google: {
        authUrl: e.GOOGLE_AUTH_URL,
        tokenUrl: e.GOOGLE_TOKEN_URL,
        userinfoUrl: e.GOOGLE_USERINFO_URL,
      },
      youtube: {
        apiKey: e.YOUTUBE_API_KEY ?? null,
        apiBaseUrl: e.YOUTUBE_API_BASE_URL,
        oembedUrl: e.YOUTUBE_OEMBED_URL,
      },
      /**
       * The link resolver (docs/decisions/0022-listen-on-your-own-service.md): Odesli's endpoint (null when
       * `ODESLI_API_URL=off`), its optional key, the requests per minute it is sent at most, and the age in
       * days after which a resolved item is resolved again.
       */
      links: {
        odesli:
          e.ODESLI_API_URL === 'off'
            ? null
            : {
                apiUrl: e.ODESLI_API_URL.replace(/\/+$/, ''),
                apiKey: e.ODESLI_API_KEY ?? null,
                requestsPerMinute: e.ODESLI_REQUESTS_PER_MINUTE,
              },
        refreshDays: e.LINKS_REFRESH_DAYS,
      },
      pixabay: e.PIXABAY_API_KEY ? { apiKey: e.PIXABAY_API_KEY, baseUrl: e.PIXABAY_BASE_URL } : null,
      openverse: { baseUrl: e.OPENVERSE_BASE_URL },
      ai:
        e.AI_BASE_URL && e.AI_MODEL
          ? {
              baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
              apiKey: e.AI_API_KEY ?? null,
              model: e.AI_MODEL,
              imageModel: e.AI_IMAGE_MODEL ?? null,
            }
          : null,
      /** Unset in embedded mode: generated into DATA_DIR (lib/crypto.ts). */
      tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY ?? null,
      /** Non-public addresses image import may still fetch from (an intranet host, a test stand-in). */
      imageFetchAllowedAddresses: e.IMAGE_FETCH_ALLOWED_ADDRESSES ?? null,
      /** A PEM file of certificate authorities image import trusts besides the system's (a private CA). */
      imageFetchCaFile: e.IMAGE_FETCH_CA_FILE ? resolve(e.IMAGE_FETCH_CA_FILE) : null,
    },
  };
}

/** The names of address ranges that Fastify's `trustProxy` (proxy-addr) accepts besides addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY` as Fastify's `trustProxy` takes it: `''`, `false` or `0` -> false; `true` -> every hop
 * (refused in production by {@link buildConfig}); else a comma-separated list of IP addresses, CIDR ranges
 * and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). Null for anything else, a hop count
 * included: Fastify trusts no one for a number (a hop count cannot tell the balancer from a client that
 * reached the server directly and wrote the header itself). Decision 0009.
 */
export function parseTrustProxy(value: string): boolean | string[] | null {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  const entries = v
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const addresses = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry));
  if (addresses.some((entry) => !/[.:]/.test(entry))) return null;
  try {
    parseAddressRanges(addresses.join(','));
  } catch {
    return null;
  }
  return entries;
}

/** Reads the process environment once. */
export function loadConfig(): Config {
  return buildConfig(process.env);
}

/**
 * The JWT signing secret: `JWT_SECRET`, or in embedded mode one generated once into
 * `DATA_DIR/jwt-secret` so sessions survive restarts. A server on a real database must be given one.
 *
 * @throws Error when neither is available.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (!config.embedded) throw new Error('JWT_SECRET is required when DATABASE_URL is set');
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The address of a `Name <address>` mailbox (or the string itself). */
function mailAddress(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

/** A VAPID key pair (base64url, as `web-push` and `PushManager.subscribe` use them). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys that sign this server's push messages: `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, or in
 * embedded mode a pair generated once into `DATA_DIR/vapid-keys.json` (browsers' subscriptions are bound
 * to the public key, so it must survive restarts). A server on a real database without keys has web push
 * turned off (null), and says so (`GET /api/push/public-key` answers 503).
 *
 * @param generate makes a new key pair (`web-push`'s `generateVAPIDKeys`).
 */
export function resolveVapidKeys(config: Config, generate: () => VapidKeys): VapidKeys | null {
  if (config.push.vapid) return config.push.vapid;
  if (!config.embedded) return null;
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  }
  const keys = generate();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
