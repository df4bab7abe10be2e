import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Mailer } from './adapters/mailer.js';
import type { Storage } from './adapters/storage.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { AppJobQueue } from './jobs/app-jobs.js';
import type { AuthService } from './modules/auth/service.js';
import type { ReadCaches } from './modules/feed/read-caches.js';
import type { FlagsService } from './modules/flags/service.js';
import type { UsersService } from './modules/users/service.js';
import type { EventBus } from './realtime/bus.js';

/**
 * Named rate limits, each a preHandler (per IP or per submitted email). Sign-in has none of these: it
 * counts failures only, in the auth service's lockout (decision 0011).
 */
export interface RateLimits {
  signupPerIp: preHandlerAsyncHookHandler;
  signupPerEmail: preHandlerAsyncHookHandler;
  formsPerIp: preHandlerAsyncHookHandler;
  analyticsPerIp: preHandlerAsyncHookHandler;
}

/**
 * What route modules are given: configuration, the database and the services. Built once in `buildApp`;
 * a feature reaches another feature through that feature's service here.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  /** Outgoing email (SMTP, or `DATA_DIR/outbox/` when `SMTP_URL` is unset). */
  mailer: Mailer;
  rateLimits: RateLimits;
  auth: AuthService;
  users: UsersService;
  flags: FlagsService;
  /** Domain events, published after commit. */
  bus: EventBus;
  /** The durable job queue (emails and push messages after commit; decision 0006). */
  jobs: AppJobQueue;
  /** Cached hot reads (published josies, readers' marks, first feed pages), invalidated on writes. */
  reads: ReadCaches;
}
