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
import type { SafeFetcher } from './lib/ssrf.js';
import {
  accountExportJobs,
  createAccountDeletion,
  createAccountExportService,
  createAccountSecurityService,
  createPasswordResetService,
  createProfileMediaService,
  createProfileService,
  EMAIL_LINKS_PURGE_CRON,
  EXPORTS_PURGE_CRON,
  emailLinksPurgeJob,
  PASSWORD_RESETS_PURGE_CRON,
  passwordResetsPurgeJob,
} from './modules/account/index.js';
import { createAdminService } from './modules/admin/index.js';
import { createAiService } from './modules/ai/index.js';
import { createAudioService } from './modules/audio/index.js';
import {
  createAuthService,
  createLoginLockout,
  createSessionCache,
  createTokenSigner,
  SESSIONS_PURGE_CRON,
  sessionsPurgeJob,
} from './modules/auth/index.js';
import { createBlocksService } from './modules/blocks/index.js';
import { createCommentsService } from './modules/comments/index.js';
import { createCuratorsService } from './modules/curators/index.js';
import { createExploreService } from './modules/explore/index.js';
import {
  createFeedService,
  createHomeTimelines,
  FEED_TRIM_CRON,
  timelineJobs,
} from './modules/feed/index.js';
import { createFlagsService } from './modules/flags/index.js';
import { createFollowsService } from './modules/follows/index.js';
import {
  createImageStore,
  createImagesService,
  createMediaService,
  imageFetcherFor,
  UPLOADS_PURGE_CRON,
  uploadsPurgeJob,
} from './modules/images/index.js';
import { createInvitesService, INVITES_PURGE_CRON, invitesPurgeJob } from './modules/invites/index.js';
import { createJosiesService } from './modules/josies/index.js';
import { createLikesService } from './modules/likes/index.js';
import {
  createLinksService,
  createOdesliPacer,
  enqueueLinksStartRefresh,
  LINKS_REFRESH_CRON,
  linkJobs,
} from './modules/links/index.js';
import {
  createNotificationJobs,
  createNotificationsService,
  createNotifier,
  createUnsubscribeTokens,
  DIGEST_CRON,
  LIKES_BATCH,
  LIKES_SINCE_CRON,
  NOTIFICATIONS_PURGE_CRON,
} from './modules/notifications/index.js';
import { createExchangeCodes, createOAuthContext, createOAuthService } from './modules/oauth/index.js';
import { createOnboardingService } from './modules/onboarding/index.js';
import { createPreferencesService } from './modules/preferences/index.js';
import { createRecommendationsService } from './modules/recommendations/index.js';
import { createReportsService } from './modules/reports/index.js';
import { createReviewService } from './modules/review/index.js';
import {
  createSearchService,
  enqueueSearchStartRefresh,
  SEARCH_WORDS_REFRESH_CRON,
  searchWordsListeners,
  searchWordsRefreshJob,
} from './modules/search/index.js';
import { createSecurityLog } from './modules/security-log/index.js';
import { createShareCardsService, shareCardJobs } from './modules/share-cards/index.js';
import {
  ANALYTICS_PURGE_CRON,
  analyticsPurgeJob,
  createSiteService,
  enqueueAnalyticsStartPurge,
} from './modules/site/index.js';
import {
  createReaders,
  createStudioService,
  STUDIO_ROLLUP_CRON,
  studioListeners,
  studioRollupJob,
  studioRollupPrompt,
} from './modules/studio/index.js';
import { createSyndicationService } from './modules/syndication/index.js';
import { createUsersService } from './modules/users/index.js';
import { createFeedDocuments } from './reads/feed-documents.js';
import { createReadCaches } from './reads/read-caches.js';
import type { EventBus } from './realtime/bus.js';
import type { Presence } from './realtime/presence.js';
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
  /** The SSRF-safe fetcher of image links; defaults to the one `config` describes (tests pass their own). */
  imageFetcher?: SafeFetcher;
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
    deviceTokens: createTokenSigner(deriveKey(jwtSecret, 'josie/device-cookie')),
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
  const imageFetcher = deps.imageFetcher ?? imageFetcherFor(config);
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
  const images = createImagesService({
    pixabay: i.pixabay ? createPixabayClient(i.pixabay) : null,
    openverse: createOpenverseClient(i.openverse),
    fetcher: imageFetcher,
    store: imageStore,
  });
  const josies = createJosiesService({
    db,
    storage,
    bus,
    log,
    media,
    images,
    preferences,
    links,
    notifier,
    users,
    timelines,
  });
  const likes = createLikesService({ db, reads, josies, bus });
  // Comments (decision 0046): behind the `comments` flag; the josies module moves their count.
  const comments = createCommentsService({ db, flags, josies, reads, bus, notifier });
  const invites = createInvitesService({ db, bus, follows, users });
  const securityLog = createSecurityLog({ db });
  const review = createReviewService({ db, bus, josies, timelines });
  // Reports, the moderation queue and suspensions (decision 0047): their actions go through the comments,
  // review, users and auth modules, inside one transaction each.
  const reports = createReportsService({
    db,
    flags,
    comments,
    review,
    users,
    auth,
    securityLog,
    notifier,
  });
  // The studio's reader hashes, with the day's salt (decision 0050): the site module records the events.
  // Each stored studio event asks for a rollup a few seconds later (decision 0050, amended).
  const site = createSiteService({
    db,
    notifier,
    readers: createReaders({ db }),
    studioEventStored: studioRollupPrompt({ jobs, log }),
  });
  const notifications = createNotificationsService({
    db,
    push,
    tokens: unsubscribeTokens,
    users,
    bus,
    log,
    extraPushServiceHosts: config.push.extraServiceHosts,
  });
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
    comments,
    reports,
    follows,
    invites,
    media,
    site,
    notifications,
    securityLog,
  });

  const explore = createExploreService({ db, reads });

  return {
    reads,
    users,
    auth,
    flags,
    follows,
    preferences,
    curators,
    josies,
    review,
    reports,
    site,
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
      reports,
      log,
    }),
    feed: createFeedService({ db, reads, timelines }),
    explore,
    // Feeds and search engines (decision 0042): Atom feeds cached until a publication changes them.
    syndication: createSyndicationService({
      db,
      publicUrl: config.publicUrl,
      explore,
      flags,
      documents: createFeedDocuments({ invalidation, bus, ttlMs: config.cache.josieTtlMs }),
    }),
    likes,
    comments,
    // Blocking and muting (decision 0048): a block ends follows through the follows module.
    blocks: createBlocksService({ db, follows }),
    // The curator studio (decision 0050): behind the `studio` flag; reads only the rollup's tables.
    studio: createStudioService({ db, flags, users }),
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
    images,
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
    notifications,
    // Share cards: kept with the private files, served only by their routes' checks (decision 0044).
    shareCards: createShareCardsService({
      db,
      files,
      storage,
      fetcher: imageFetcher,
      josies,
      jobs,
      publicUrl: config.publicUrl,
      log,
    }),
  };
}

/** Every service of the app, as {@link createServices} builds them; route plugins get it as `ctx.services`. */
export type Services = ReturnType<typeof createServices>;

/** What {@link wireBackgroundWork} registers the app's background work from. */
export interface BackgroundDeps
  extends Pick<ServiceDeps, 'config' | 'database' | 'storage' | 'mailer' | 'log'> {
  jobs: AppJobQueue;
  bus: EventBus;
  /** Who has a socket open: notification entries are announced only to them (decision 0035). */
  presence: Presence;
  services: Services;
}

/** What `buildApp` does with the background work once the app is ready, and as it closes. */
export interface BackgroundWork {
  /** The runs enqueued as the app starts (after the queue started): each a no-op when its key is taken. */
  atStart(): Promise<void>;
  /** Unsubscribes every domain-event listener registered here. */
  stop(): void;
}

/**
 * Every job handler, cron schedule (UTC) and domain-event subscription of the modules, in one list
 * (docs/ARCHITECTURE.md "Background work"; decision 0018 for the queue and its schedules). Each handler
 * lives with its module's service (`modules/<name>/jobs/`, `jobs.ts` or `*retention.ts`) and is registered
 * here only: route plugins register routes, never jobs or listeners (checked by `npm run lint`). The read
 * caches' listeners (`reads/read-caches.ts`, built by {@link createServices}) and the socket fan-out's
 * (`realtime/fanout.ts`, which needs the socket server) are registered where those are built.
 */
export function wireBackgroundWork(deps: BackgroundDeps): BackgroundWork {
  const { config, database, storage, mailer, log, jobs, bus, presence, services } = deps;
  const db = database.db;
  const retention = config.retention;
  const feed = timelineJobs({ db, jobs, max: config.homeFeed.max });
  const exports = accountExportJobs(services.accountExports);
  const links = linkJobs(services.links);
  const searchWords = searchWordsListeners(services.search);
  const shareCards = shareCardJobs(services.shareCards, jobs);
  const studio = studioListeners({ record: services.site.recordServerEvent, log });
  const notify = createNotificationJobs({
    db,
    jobs,
    mailer,
    push: services.push,
    tokens: services.unsubscribeTokens,
    publicUrl: config.publicUrl,
    log,
    bus,
    presence,
    retentionDays: retention.notificationDays,
  });

  // Jobs: every name of `AppJobs` (jobs/app-jobs.ts) and its handler.
  jobs.work('sessions.purge', sessionsPurgeJob({ db, graceDays: retention.sessionDays }));
  jobs.work('analytics.purge', analyticsPurgeJob({ db, retentionDays: config.analytics.retentionDays }));
  jobs.work('studio.rollup', studioRollupJob({ db }));
  jobs.work('feed.fan-out', feed.fanOut);
  jobs.work('feed.trim', feed.trim);
  jobs.work('search.refreshWords', searchWordsRefreshJob(services.search));
  jobs.work('invites.purge', invitesPurgeJob({ db, graceDays: retention.inviteDays }));
  jobs.work('password-resets.purge', passwordResetsPurgeJob({ db, graceDays: retention.passwordResetDays }));
  jobs.work('account-exports.build', exports.build);
  jobs.work('account-exports.purge', exports.purge);
  // Mailed links share the reset tokens' grace (decision 0025).
  jobs.work('email-links.purge', emailLinksPurgeJob({ db, graceDays: retention.passwordResetDays }));
  jobs.work(
    'uploads.purge',
    uploadsPurgeJob({ db, storage, log, olderThanHours: retention.unusedUploadHours }),
  );
  jobs.work('notify.josie-reviewed', notify.josieReviewed);
  jobs.work('notify.josie-published', notify.josiePublished);
  jobs.work('notify.new-josie-page', notify.newJosiePage);
  jobs.work('notify.invite-joined', notify.inviteJoined);
  jobs.workBatch('notify.likes', notify.likes, { batchSize: LIKES_BATCH });
  jobs.work('notify.caused', notify.caused);
  jobs.work('notify.digest', notify.digest);
  jobs.work('notifications.purge', notify.purge);
  jobs.work('send.email', notify.sendEmail);
  jobs.work('send.push', notify.sendPush);
  jobs.work('notify.likes-since', notify.likesSince);
  jobs.work('links.resolve', links.resolve);
  jobs.work('links.refresh', links.refresh);
  jobs.work('share-cards.josie', shareCards.josie);
  jobs.work('share-cards.curator', shareCards.curator);

  // Schedules (cron, UTC; decision 0018 "Scheduled work"): one job per tick between all instances.
  jobs.schedule('sessions.purge', SESSIONS_PURGE_CRON, { run: 'daily' });
  jobs.schedule('analytics.purge', ANALYTICS_PURGE_CRON, { run: 'daily' });
  jobs.schedule('studio.rollup', STUDIO_ROLLUP_CRON, { run: 'periodic' });
  jobs.schedule('feed.trim', FEED_TRIM_CRON, { run: 'hourly' });
  jobs.schedule('search.refreshWords', SEARCH_WORDS_REFRESH_CRON, { run: 'every 10 minutes' });
  jobs.schedule('invites.purge', INVITES_PURGE_CRON, { run: 'daily' });
  jobs.schedule('password-resets.purge', PASSWORD_RESETS_PURGE_CRON, { run: 'daily' });
  jobs.schedule('account-exports.purge', EXPORTS_PURGE_CRON, { run: 'daily' });
  jobs.schedule('email-links.purge', EMAIL_LINKS_PURGE_CRON, { run: 'daily' });
  jobs.schedule('uploads.purge', UPLOADS_PURGE_CRON, { run: 'daily' });
  jobs.schedule('notify.digest', DIGEST_CRON, { run: 'daily' });
  jobs.schedule('notifications.purge', NOTIFICATIONS_PURGE_CRON, { run: 'daily' });
  jobs.schedule('notify.likes-since', LIKES_SINCE_CRON, {});
  // Without a source there is nothing to refresh (docs/decisions/0022-listen-on-your-own-service.md).
  if (services.links.configured) jobs.schedule('links.refresh', LINKS_REFRESH_CRON, { run: 'periodic' });

  // Domain events -> notification jobs (docs/product/rules-and-limits.md#notifications-and-install).
  const unsubscribers = [
    bus.subscribe('like.added', notify.events.likeAdded),
    bus.subscribe('josie.reviewed', notify.events.josieReviewed),
    bus.subscribe('josie.published', notify.events.josiePublished),
    bus.subscribe('invite.joined', notify.events.inviteJoined),
    // Domain events -> the search's known words (decision 0021): new words' misspellings found at once.
    bus.subscribe('josie.published', searchWords.josiePublished),
    bus.subscribe('user.profile-changed', searchWords.curatorNamed),
    bus.subscribe('user.role-changed', searchWords.curatorNamed),
    // Domain events -> share cards (decision 0044): a josie's on its publication, a curator's on their
    // profile's change (each also made on its page's first view).
    bus.subscribe('josie.published', shareCards.events.josiePublished),
    bus.subscribe('user.profile-changed', shareCards.events.profileChanged),
    // Domain events -> the studio's server events (decision 0050): likes, saves, comments, follows, invites.
    bus.subscribe('like.added', studio.likeAdded),
    bus.subscribe('save.added', studio.saveAdded),
    bus.subscribe('comment.added', studio.commentAdded),
    bus.subscribe('follow.changed', studio.followChanged),
    bus.subscribe('invite.joined', studio.inviteJoined),
  ];

  return {
    async atStart() {
      // Analytics are purged as the app starts too (decision 0010); a failure here fails the start.
      await enqueueAnalyticsStartPurge(jobs);
      // The demo josies' words and links need no wait for the cron; failures are logged.
      await enqueueSearchStartRefresh(jobs, log);
      if (services.links.configured) await enqueueLinksStartRefresh(jobs, log);
    },
    stop() {
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}
