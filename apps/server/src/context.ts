import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Mailer } from './adapters/mailer.js';
import type { Storage } from './adapters/storage.js';
import type { Services } from './composition.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { AppJobQueue } from './jobs/app-jobs.js';
import type { EventBus } from './realtime/bus.js';
import type { Presence } from './realtime/presence.js';

/**
 * Named rate limits, each a preHandler (per IP or per submitted email). Sign-in has none of these: it
 * counts failures only, in the auth service's lockout (decision 0011).
 */
export interface RateLimits {
  signupPerIp: preHandlerAsyncHookHandler;
  signupPerEmail: preHandlerAsyncHookHandler;
  formsPerIp: preHandlerAsyncHookHandler;
  analyticsPerIp: preHandlerAsyncHookHandler;
  /**
   * Checks of the current password per signed-in account (`RATE_LIMIT_AUTH_MAX` per window): a stolen
   * session cannot guess the password from many addresses (docs/decisions/0025-account-and-data.md).
   */
  accountPasswordChecks: preHandlerAsyncHookHandler;
  /** Account mails per signed-in account (`RATE_LIMIT_VERIFICATION_MAX` per window). */
  accountMails: preHandlerAsyncHookHandler;
}

/**
 * What route modules are given: configuration, the infrastructure and the services. Built once in
 * `buildApp`; the services come from the composition root (`composition.ts`), and a route reaches any
 * feature only through `ctx.services` (docs/decisions/0016-composition-root-and-module-boundaries.md).
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  /** Outgoing email (SMTP, or `DATA_DIR/outbox/` when `SMTP_URL` is unset). */
  mailer: Mailer;
  rateLimits: RateLimits;
  /** Every service, built once by `createServices` (the read caches are `services.reads`). */
  services: Services;
  /** Domain events, published after commit. */
  bus: EventBus;
  /**
   * The durable job queue (decision 0018), to enqueue: handlers and schedules are registered by the
   * composition root only (`wireBackgroundWork`), so `work` and `schedule` are not offered here.
   */
  jobs: Pick<AppJobQueue, 'enqueue' | 'enqueueMany' | 'wake' | 'idle'>;
  /**
   * Who has a socket open, on any instance with Redis: notification entries are announced only to them
   * (docs/decisions/0035-announced-to-those-connected.md).
   */
  presence: Presence;
}
