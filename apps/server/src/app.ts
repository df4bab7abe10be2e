import { join } from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, LIMITS, SERVICE_EMBED_ORIGINS } from '@josie/contract';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { createMailer, type Mailer } from './adapters/mailer.js';
import { createStorage, type Storage } from './adapters/storage.js';
import { createServices, wireBackgroundWork } from './composition.js';
import type { Config } from './config.js';
import type { AppContext, RateLimits } from './context.js';
import type { Database } from './db/client.js';
import type { AppJobs } from './jobs/app-jobs.js';
import { createJobQueue } from './jobs/queue.js';
import { errors } from './lib/errors.js';
import { documentLanguageTransform, loadPageRenderers } from './lib/first-paint.js';
import { redactLogObject, requestForLog } from './lib/log-redaction.js';
import type { SafeFetcher } from './lib/ssrf.js';
import { meRoutes } from './modules/account/me.routes.js';
import { accountRoutes } from './modules/account/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { aiRoutes } from './modules/ai/routes.js';
import { audioRoutes } from './modules/audio/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { blocksRoutes } from './modules/blocks/routes.js';
import { commentsRoutes } from './modules/comments/routes.js';
import { curatorsRoutes } from './modules/curators/routes.js';
import { isEmbedPage } from './modules/embeds/index.js';
import { embedsRoutes } from './modules/embeds/routes.js';
import { exploreRoutes } from './modules/explore/routes.js';
import { homeFeedPageTransform } from './modules/feed/index.js';
import { feedRoutes } from './modules/feed/routes.js';
import { flagsRoutes } from './modules/flags/routes.js';
import { followsRoutes } from './modules/follows/routes.js';
import { imagesRoutes } from './modules/images/routes.js';
import { invitesRoutes } from './modules/invites/routes.js';
import { josieShareTransform } from './modules/josies/index.js';
import { josiesRoutes } from './modules/josies/routes.js';
import { likesRoutes } from './modules/likes/routes.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { oauthRoutes } from './modules/oauth/routes.js';
import { preferencesRoutes } from './modules/preferences/routes.js';
import { recommendationsRoutes } from './modules/recommendations/routes.js';
import { reportsRoutes } from './modules/reports/routes.js';
import { reviewRoutes } from './modules/review/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { securityLogRoutes } from './modules/security-log/routes.js';
import { curatorShareCardTransform } from './modules/share-cards/index.js';
import { shareCardRoutes } from './modules/share-cards/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { studioRoutes } from './modules/studio/routes.js';
import { syndicationHeadTransform } from './modules/syndication/index.js';
import { syndicationRoutes } from './modules/syndication/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { WEB_DIST_DIR } from './paths.js';
import { authPlugin } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { answerFrameworkError, errorsPlugin } from './plugins/errors.js';
import { observabilityPlugin } from './plugins/observability.js';
import { type HtmlTransform, webPlugin } from './plugins/web.js';
import { createEventBus, type EventBus } from './realtime/bus.js';
import { createPresence } from './realtime/presence.js';
import { attachRealtime } from './realtime/socket.js';
import { createInvalidation } from './scale/invalidation.js';
import { redisRateLimitStore } from './scale/rate-limit-store.js';
import { connectRedis } from './scale/redis.js';

/**
 * Answers up to this size (bytes) are compressed synchronously in the request's turn; larger ones through a
 * zlib stream, which costs more per answer (docs/decisions/0030-compressed-responses.md; figures in
 * docs/performance.md); nothing the app writes is near the bound.
 */
const COMPRESS_SYNC_BYTES = 512 * 1024;

/** Rate-limit key per client address, prefixed so that limits never share counters. */
const byIp = (prefix: string) => (req: FastifyRequest) => `${prefix}:${req.ip}`;

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Media storage; defaults to local disk under `DATA_DIR/media`. */
  storage?: Storage;
  /** Outgoing email; defaults to SMTP with `SMTP_URL`, else `DATA_DIR/outbox/`. */
  mailer?: Mailer;
  /** pino options, or false to silence (tests). */
  logger?: boolean | object;
  /**
   * The domain event bus; defaults to one in memory that logs failed listeners. Tests pass their own to
   * hear the events the app publishes.
   */
  bus?: EventBus;
  /** The SSRF-safe fetcher of image links; defaults to the one `config` describes. Tests pass their own. */
  imageFetcher?: SafeFetcher;
}

/**
 * The Content-Security-Policy: no inline scripts; frames only from the Spotify and YouTube embeds and the
 * players of the other listening services (`SERVICE_EMBED_ORIGINS`: Apple Music, Deezer, TIDAL, SoundCloud;
 * docs/decisions/0022-listen-on-your-own-service.md, amendment of 2026-12-05). The only
 * foreign scripts are YouTube's IFrame Player API (docs/product/routes-and-roles.md#api: loaded from the
 * video provider itself): `iframe_api`, and the widget script it adds from `/s/player/{version}/`. Paths keep
 * the rest of www.youtube.com out. Scripts connect to this origin only (decision 0009): the web app's fetches
 * are all same-origin `/api` calls, and socket.io's WebSocket goes to `PUBLIC_URL`'s host (`wss:` for https,
 * `ws:` for http), named besides `'self'` for browsers that do not read `'self'` as covering it; images,
 * audio and embeds from elsewhere are `img-src`, `media-src` and `frame-src`, not `connect-src`.
 * `frameAncestors`: no site may frame a page of Josie (`'none'`), but for the embed page, which any site may
 * (`*`; docs/decisions/0043-embeds.md).
 */
const cspFor = (publicUrl: string, frameAncestors: "'none'" | '*') => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://www.youtube.com/iframe_api', 'https://www.youtube.com/s/player/'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", websocketOrigin(publicUrl)],
  frameSrc: [
    'https://open.spotify.com',
    'https://www.youtube.com',
    'https://www.youtube-nocookie.com',
    ...SERVICE_EMBED_ORIGINS,
  ],
  mediaSrc: ["'self'", 'https:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: [frameAncestors],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
});

/** The origin of the WebSocket of a site: `https://host` -> `wss://host`, `http://host` -> `ws://host`. */
function websocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * Node's HTTP server options that cut a slow client (decision 0009): Node looks for requests past their
 * time every `connectionsCheckingInterval` ms, so the limits are that much shorter than `totalMs` and a
 * request that has not fully arrived `totalMs` after it began is answered 408 and its connection closed.
 * Headers alone get no longer than the whole request. Only requests still arriving are timed: a
 * WebSocket (after its upgrade), a long answer or an idle keep-alive connection are not.
 */
export function requestTimeouts(totalMs: number) {
  const connectionsCheckingInterval = Math.min(1_000, Math.ceil(totalMs / 10));
  const requestTimeout = totalMs - connectionsCheckingInterval;
  return { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval };
}

/**
 * The longest path parameter the router matches, in characters of the raw, percent-encoded path. Fastify's
 * router stops at 100 by default and answers a longer one 'Route not found', before any schema: an invite
 * code of 101-128 characters (the contract allows 128, `InviteCodeParams`) or a genre name in Hebrew (6
 * characters a letter once encoded) never reached its route. Each parameter's schema judges it instead; this
 * admits the longest the contract takes, 128 UTF-16 units, at 9 encoded characters each (3 UTF-8 bytes).
 */
export const MAX_PATH_PARAM_LENGTH = 128 * 9;

/**
 * Builds the Fastify application from plugins and feature modules; used by `main.ts` and by tests
 * (through `app.inject`). The database must already be migrated.
 */
export async function buildApp(opts: BuildAppOptions) {
  const { config, database } = opts;
  const timeouts = requestTimeouts(config.requestTimeoutMs);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              // `*.headers.*` also covers plugins that log request headers under their own key, such as
              // @fastify/multipart's `busboyOptions` at trace level (security/secrets-in-logs.test.ts).
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                '*.headers.authorization',
                '*.headers.cookie',
                '*.password',
                '*.token',
              ],
              censor: '[redacted]',
            },
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
            // After the caller's options, so that none of them can turn it off: the values of a failed query
            // and of a request's query string never reach the log (lib/log-redaction.ts).
            formatters: { log: redactLogObject },
            serializers: { req: requestForLog },
          },
    trustProxy: config.trustProxy,
    // Slow clients (a body trickled a byte at a time) are cut: Fastify sets `requestTimeout` on the server
    // after creating it; the other two exist only as options of Node's createServer.
    requestTimeout: timeouts.requestTimeout,
    http: timeouts,
    bodyLimit: 1024 * 1024,
    // Fastify 5 takes the router's options under `routerOptions` (top-level ones are deprecated: FSTDEP022).
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: answerFrameworkError,
    // Each plugin and `onReady` hook may take this long (ms). Fastify's 10 s default is for a plugin that
    // hangs; the job queue's start (its schema, a queue per job name, the schedules: tens of statements)
    // took longer than that on a loaded two-core machine, and a server that could have started exited.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  // Security headers on every answer, from helmet's middleware built once: @fastify/helmet builds it anew
  // on every request, parsing the CSP each time (its cost: docs/performance.md). No page may be framed
  // (`frame-ancestors 'none'`, `X-Frame-Options: DENY`) but a josie's embed page, which any site may frame
  // (`frame-ancestors *` and no `X-Frame-Options`, which has no value for "anyone";
  // docs/decisions/0043-embeds.md).
  const headersFor = (frameAncestors: "'none'" | '*') =>
    helmet({
      contentSecurityPolicy: { directives: cspFor(config.publicUrl, frameAncestors) },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      hsts: { maxAge: 31_536_000, includeSubDomains: true },
      xFrameOptions: frameAncestors === '*' ? false : { action: 'deny' },
    });
  const securityHeaders = headersFor("'none'");
  const embedHeaders = headersFor('*');
  app.addHook('onRequest', (request, reply, done) =>
    (isEmbedPage(request.url) ? embedHeaders : securityHeaders)(request.raw, reply.raw, (err) =>
      done(err as Error | undefined),
    ),
  );
  // CORS is closed by default: the web app is served from the same origin.
  await app.register(cors, { origin: false });
  // Pages and API answers of 1 KB or more are compressed for a browser that accepts it, at each format's
  // fastest level, in the request's own turn (docs/decisions/0030-compressed-responses.md): the signed-in
  // feed's page is 88 KB raw. The built assets have their own .br and .gz files (plugins/web.ts). Request
  // bodies are never inflated.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: zlib.constants.Z_BEST_SPEED },
    syncThreshold: COMPRESS_SYNC_BYTES,
    globalDecompression: false,
  });
  // With REDIS_URL many instances share rate-limit counters and cache invalidations (docs/performance.md).
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  const invalidation = createInvalidation(
    redis
      ? {
          redis: { publisher: redis.commands, subscriber: redis.subscriber, prefix: config.redisPrefix },
          log: app.log,
        }
      : {},
  );
  app.addHook('onClose', async () => {
    await invalidation.close();
    await redis?.close();
  });
  await app.register(rateLimit, {
    global: false,
    // While Redis is unreachable requests pass uncounted, rather than every sign-in failing with a 500.
    ...(redis
      ? { store: redisRateLimitStore(redis.commands, `${config.redisPrefix}rate-limit:`), skipOnError: true }
      : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${ctx.after}.`,
      code: ERROR_CODES.RATE_LIMITED,
    }),
  });
  // One file per request, 5 MB at most (docs/product/rules-and-limits.md#constants); larger uploads answer
  // 413.
  await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 20 } });
  await app.register(observabilityPlugin, { database, metricsToken: config.metricsToken });
  await app.register(docsPlugin);

  const mediaRoot = join(config.dataDir, 'media');
  const storage = opts.storage ?? createStorage(config);
  const mailer = opts.mailer ?? createMailer(config, app.log);
  await app.register(fastifyStatic, {
    root: mediaRoot,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
  });

  const db = database.db;
  const bus =
    opts.bus ?? createEventBus((err, event) => app.log.error({ err, event }, 'event listener failed'));
  const window = config.rateLimit.authWindowMs;
  const emailLimit = app.createRateLimit({
    max: config.rateLimit.authMax,
    timeWindow: window,
    keyGenerator: (req: FastifyRequest) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return `signup-email:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
  });
  /** A limit per signed-in account (the access guard has already refused visitors). */
  const perAccount = (prefix: string, max: number, message: string) => {
    const limit = app.createRateLimit({
      max,
      timeWindow: window,
      keyGenerator: (req: FastifyRequest) => `${prefix}:${req.user?.id ?? req.ip}`,
    });
    return async (request: FastifyRequest) => {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        throw errors.rateLimited(message, Math.ceil(result.ttlInSeconds));
      }
    };
  };
  const rateLimits: RateLimits = {
    accountPasswordChecks: perAccount(
      'account-password',
      config.rateLimit.authMax,
      'Too many attempts. Please try again later.',
    ),
    accountMails: perAccount(
      'account-mail',
      config.rateLimit.verificationMax,
      'Too many emails asked for. Please try again later.',
    ),
    signupPerIp: app.rateLimit({
      max: config.rateLimit.authMax,
      timeWindow: window,
      keyGenerator: byIp('signup'),
    }),
    signupPerEmail: async (request) => {
      const result = await emailLimit(request);
      // `isAllowed` is true only for allow-listed keys; the verdict is `isExceeded`.
      if (!result.isAllowed && result.isExceeded) {
        throw errors.rateLimited('Too many attempts for this account. Please try again later.');
      }
    },
    formsPerIp: app.rateLimit({ max: 10, timeWindow: 60_000, keyGenerator: byIp('forms') }),
    analyticsPerIp: app.rateLimit({ max: 300, timeWindow: 60_000, keyGenerator: byIp('analytics') }),
  };

  const jobs = createJobQueue<AppJobs>({
    sql: database.sql,
    log: app.log,
    ...config.jobs,
    producersIdle: () => bus.idle(),
  });
  // Workers start once every module has registered its handlers, and finish their jobs before the
  // database closes.
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  // The composition root: every service, once
  // (docs/decisions/0016-composition-root-and-module-boundaries.md).
  const services = createServices({
    config,
    database,
    storage,
    mailer,
    bus,
    invalidation,
    redis,
    log: app.log,
    jobs,
    ...(opts.imageFetcher ? { imageFetcher: opts.imageFetcher } : {}),
  });
  const presence = createPresence({
    ...(redis ? { redis: { client: redis.commands, prefix: config.redisPrefix } } : {}),
    log: app.log,
  });
  app.decorate('presence', presence);
  app.addHook('onClose', async () => presence.close());
  // Every job, cron schedule and domain-event subscription (composition.ts); route plugins register routes.
  const background = wireBackgroundWork({
    config,
    database,
    storage,
    mailer,
    log: app.log,
    jobs,
    bus,
    presence,
    services,
  });
  const ctx: AppContext = {
    config,
    database,
    db,
    storage,
    mailer,
    rateLimits,
    services,
    bus,
    jobs,
    presence,
  };

  await app.register(authPlugin, { resolveToken: services.auth.resolveToken });
  const features = [
    authRoutes,
    usersRoutes,
    meRoutes,
    flagsRoutes,
    siteRoutes,
    josiesRoutes,
    reviewRoutes,
    followsRoutes,
    curatorsRoutes,
    feedRoutes,
    exploreRoutes,
    likesRoutes,
    commentsRoutes,
    reportsRoutes,
    blocksRoutes,
    studioRoutes,
    recommendationsRoutes,
    searchRoutes,
    preferencesRoutes,
    invitesRoutes,
    accountRoutes,
    adminRoutes,
    securityLogRoutes,
    oauthRoutes,
    audioRoutes,
    imagesRoutes,
    aiRoutes,
    notificationsRoutes,
    shareCardRoutes,
    embedsRoutes,
    syndicationRoutes,
  ];
  for (const routes of features) await app.register(routes, { ctx });
  // After the route plugins, as a plugin of its own: the start-up runs follow the queue's start (the app's
  // own `onReady`), and the listeners are removed first as the app closes.
  await app.register(async (scope) => {
    scope.addHook('onReady', () => background.atStart());
    scope.addHook('onClose', async () => background.stop());
  });
  await attachRealtime(app, ctx);

  const webDist = config.webDistDir ?? WEB_DIST_DIR;
  // A web build whose renderings cannot be loaded still serves its pages, without their first paint.
  const renderers = await loadPageRenderers(webDist).catch((err: unknown) => {
    app.log.error({ err, webDist }, "the web build's page renderings could not be loaded");
    return undefined;
  });
  const transforms: HtmlTransform[] = [
    josieShareTransform(ctx, renderers),
    curatorShareCardTransform(ctx),
    homeFeedPageTransform(ctx, renderers),
    // Canonical links, feed links and JSON-LD of the public pages (decision 0042).
    syndicationHeadTransform(ctx),
    // Last: every page's `<html lang dir>` and flag mark (decision 0026), over the renderings' own.
    documentLanguageTransform(ctx.services.flags),
  ];
  await app.register(webPlugin, { distDir: webDist, transforms });

  // Client routes get the app shell from a route of their own, not from the not-found handler, so that the
  // route's hooks (compression, decision 0030) apply to pages too; API paths and missing media files answer
  // 404 JSON.
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isAppRoute = !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/media/');
    return isAppRoute ? app.sendAppShell(request, reply) : reply.callNotFound();
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${path} not found`, code: ERROR_CODES.NOT_FOUND });
  });

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
