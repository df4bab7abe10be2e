import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/mailer.js';
import { createOdesliClient } from './adapters/odesli.js';
import { createOEmbedClient } from './adapters/oembed.js';
import { createOpenAiClient } from './adapters/openai.js';
import { createOpenverseClient } from './adapters/openverse.js';
import { createPixabayClient } from './adapters/pixabay.js';
import { createSpotifyClient } from './adapters/spotify.js';
import { createPrivateStorage, type Storage } from './adapters/storage.js';
import { createPushSenderFromConfig } from './adapters/webpush.js';
import { createYouTubeClient } from './adapters/youtube.js';
import { type Config, resolveJwtSecret } from './config.js';
import type { Database } from './db/client.js';
import type { AppJobQueue } from './jobs/app-jobs.js';
import { deriveKey } from './lib/crypto.js';
import {
  createAccountDeletion,
  createAccountExportService,
  createAccountSecurityService,
  createPasswordResetService,
  createProfileMediaService,
  createProfileService,
} from './modules/account/index.js';
import { createAdminService } from './modules/admin/index.js';
import { createAiService } from './modules/ai/index.js';
import { createAudioService } from './modules/audio/index.js';
import {
  createAuthService,
  createLoginLockout,
  createSessionCache,
  createTokenSigner,
} from './modules/auth/index.js';
import { createCuratorsService } from './modules/curators/index.js';
import { createExploreService } from './modules/explore/index.js';
import { createFeedService, createHomeTimelines } from './modules/feed/index.js';
import { createFlagsService } from './modules/flags/index.js';
import { createFollowsService } from './modules/follows/index.js';
import {
  createImageStore,
  createImagesService,
  createMediaService,
  imageFetcherFor,
} from './modules/images/index.js';
import { createInvitesService } from './modules/invites/index.js';
import { createJosiesService } from './modules/josies/index.js';
import { createLikesService } from './modules/likes/index.js';
import { createLinksService, createOdesliPacer } from './modules/links/index.js';
import {
  createNotificationsService,
  createNotifier,
  createUnsubscribeTokens,
} from './modules/notifications/index.js';
import { createExchangeCodes, createOAuthContext, createOAuthService } from './modules/oauth/index.js';
import { createOnboardingService } from './modules/onboarding/index.js';
import { createPreferencesService } from './modules/preferences/index.js';
import { createRecommendationsService } from './modules/recommendations/index.js';
import { createReviewService } from './modules/review/index.js';
import { createSearchService } from './modules/search/index.js';
import { createSecurityLog } from './modules/security-log/index.js';
import { createSiteService } from './modules/site/index.js';
import { createUsersService } from './modules/users/index.js';
import { createReadCaches } from './reads/read-caches.js';
import type { EventBus } from './realtime/bus.js';
import type { Invalidation } from './scale/invalidation.js';
import type { RedisConnections } from './scale/redis.js';

/**
 * What the services are built from: the infrastructure `buildApp` opens (database, storage, mail, the
 * event bus, cross-instance invalidation, Redis when configured) and the log. Tests build
 * the same graph with substitutes for any of these (`createTestContext(env, {bus, storage, mailer})`).
 */
export interface ServiceDeps {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  bus: EventBus;
  invalidation: Invalidation;
  redis: RedisConnections | null;
  log: FastifyBaseLogger;
  /** The job queue (pg-boss, decision 0018): services that enqueue inside their transactions get it. */
  jobs: AppJobQueue;
}

/**
 * The composition root: builds every service of the app once, each with its dependencies, so that a
 * module reaches another module only through the service given to it here, and a route plugin only
 * through `ctx.services` (docs/decisions/0016-composition-root-and-module-boundaries.md). Nothing else
 * calls a `create*Service`. Provider adapters are built here from the configuration: null when a provider
 * is not configured.
 *
 * @throws Error when a sign-in provider is configured but no token encryption key can be had.
 */
export function createServices(deps: ServiceDeps) {
  const { config, database, storage, mailer, bus, invalidation, redis, log, jobs } = deps;
  const db = database.db;
  const i = config.integrations;
  const jwtSecret = resolveJwtSecret(config);

  // The notifications centre's jobs, enqueued in the causing write's transaction (decision 0024).
  const notifier = createNotifier(jobs);
  // Home timelines kept on write (decision 0027): written by follows and reviews, read by the feed.
  const timelines = createHomeTimelines({ db, jobs, ...config.homeFeed });
  const follows = createFollowsService({ db, bus, notifier, timelines });
  const reads = createReadCaches({
    db,
    invalidation,
    bus,
    ttlMs: config.cache.readTtlMs,
    readerTtlMs: config.cache.readerTtlMs,
    josieTtlMs: config.cache.josieTtlMs,
  });
  const users = createUsersService({ db, follows });
  const auth = createAuthService({
    bus,
    db,
    tokens: createTokenSigner(jwtSecret),
    pageTokens: createTokenSigner(deriveKey(jwtSecret, 'josie/page-session')),
    users,
    sessionTtlMs: config.sessionTtlMs,
    sessions: createSessionCache({ invalidation, ttlMs: config.cache.sessionTtlMs }),
    // With REDIS_URL the login lockout counts on every instance together (decision 0011).
    lockout: createLoginLockout({
      maxFailuresPerAddress: config.rateLimit.authMax,
      addressWindowMs: config.rateLimit.authWindowMs,
      ...(redis ? { redis: { client: redis.commands, prefix: config.redisPrefix } } : {}),
    }),
  });
  const flags = createFlagsService({ db, invalidation, cacheTtlMs: config.cache.flagsTtlMs });
  const preferences = createPreferencesService({ db, users, bus });
  const curators = createCuratorsService({ db });
  const oauthContext = createOAuthContext(config, db);
  const imageStore = createImageStore({ db, storage, log });
  const imageFetcher = imageFetcherFor(config);
  const push = createPushSenderFromConfig(config);
  const unsubscribeTokens = createUnsubscribeTokens(jwtSecret);
  const ai = i.ai;
  // Built before the others: they write their own tables inside other modules' transactions (review, likes,
  // profile uploads and admin's account deletion call them).
  const media = createMediaService({ storage });
  const spotify = config.spotify ? createSpotifyClient({ ...config.spotify, ...i.spotify }) : null;
  const youtube = i.youtube.apiKey
    ? createYouTubeClient({ apiKey: i.youtube.apiKey, apiBaseUrl: i.youtube.apiBaseUrl })
    : null;
  const odesli = i.links.odesli;
  // The link resolver (docs/decisions/0022-listen-on-your-own-service.md): Odesli paced under its limit
  // (shared between instances through Redis), and our own match when both players' APIs are configured.
  const links = createLinksService({
    db,
    jobs,
    invalidation,
    sources: { odesli: odesli ? createOdesliClient(odesli) : null, spotify, youtube },
    pacer: odesli
      ? createOdesliPacer({
          perMinute: odesli.requestsPerMinute,
          ...(redis ? { redis: { client: redis.commands, prefix: config.redisPrefix } } : {}),
        })
      : null,
    refreshDays: i.links.refreshDays,
    log,
  });
  const josies = createJosiesService({
    db,
    storage,
    bus,
    log,
    media,
    preferences,
    links,
    notifier,
    users,
    timelines,
  });
  const likes = createLikesService({ db, reads, josies, bus });
  const invites = createInvitesService({ db, bus, follows, users });
  const securityLog = createSecurityLog({ db });
  // The account's export zips: never under the publicly served media (decision 0025).
  const files = createPrivateStorage(config);
  // Account deletion, the admin's and the owner's: every owner's write in one transaction (decision 0025).
  const accountDeletion = createAccountDeletion({
    db,
    storage,
    files,
    bus,
    log,
    mailer,
    publicUrl: config.publicUrl,
    sessions: auth,
    users,
    josies,
    likes,
    follows,
    invites,
    media,
    securityLog,
  });

  return {
    reads,
    users,
    auth,
    flags,
    follows,
    preferences,
    curators,
    josies,
    review: createReviewService({ db, bus, josies, timelines }),
    site: createSiteService({ db, notifier }),
    securityLog,
    accountDeletion,
    accountExports: createAccountExportService({
      db,
      jobs,
      storage,
      files,
      mailer,
      publicUrl: config.publicUrl,
      securityLog,
      log,
    }),
    feed: createFeedService({ db, reads, timelines }),
    explore: createExploreService({ db, reads }),
    likes,
    recommendations: createRecommendationsService({ db, users }),
    search: createSearchService({ db }),
    onboarding: createOnboardingService({ db, follows, users }),
    invites,
    profile: createProfileService({ users, bus }),
    profileMedia: createProfileMediaService({ db, storage, users, log, media, bus }),
    accountSecurity: createAccountSecurityService({
      db,
      mailer,
      publicUrl: config.publicUrl,
      log,
      users,
      auth,
      securityLog,
    }),
    passwordReset: createPasswordResetService({
      db,
      mailer,
      publicUrl: config.publicUrl,
      log,
      users,
      sessions: auth,
    }),
    admin: createAdminService({
      db,
      bus,
      sessions: auth,
      users,
      preferences,
      accounts: accountDeletion,
    }),
    oauthContext,
    oauth: createOAuthService({
      db,
      providers: oauthContext.providers,
      cipher: oauthContext.cipher,
      auth,
      users,
      codes: createExchangeCodes(deriveKey(jwtSecret, 'josie/oauth-exchange')),
      log,
    }),
    links,
    audio: createAudioService({
      spotify,
      youtube,
      links,
      oembed: createOEmbedClient({ spotify: i.spotify.oembedUrl, youtube: i.youtube.oembedUrl }),
      tokens: oauthContext.tokens,
      log,
    }),
    images: createImagesService({
      pixabay: i.pixabay ? createPixabayClient(i.pixabay) : null,
      openverse: createOpenverseClient(i.openverse),
      fetcher: imageFetcher,
      store: imageStore,
    }),
    ai: createAiService({
      db,
      openai: ai ? createOpenAiClient(ai) : null,
      imagesAvailable: ai?.imageModel != null,
      store: imageStore,
      fetcher: imageFetcher,
    }),
    /** Web push, or null without VAPID keys. */
    push,
    unsubscribeTokens,
    /** The `media` rows other modules record and release inside their transactions (images module). */
    media,
    notifications: createNotificationsService({ db, push, tokens: unsubscribeTokens, users, bus }),
  };
}

/** Every service of the app, as {@link createServices} builds them; route plugins get it as `ctx.services`. */
export type Services = ReturnType<typeof createServices>;
