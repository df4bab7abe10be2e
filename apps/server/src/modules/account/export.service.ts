import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type AccountExport,
  type AccountExportResponse,
  EXPORT_TTL_DAYS,
  EXPORTS_PER_DAY,
  ROUTES,
} from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Mailer } from '../../adapters/mailer.js';
import { exportReadyMail } from '../../adapters/mails/index.js';
import { type PrivateStorage, type Storage, StorageNotFoundError } from '../../adapters/storage.js';
import type { Db } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import { deleteInBatches, type ScheduledRun } from '../../jobs/batches.js';
import type { Job } from '../../jobs/queue.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { josieImageUrls, storageKeysOf } from '../images/index.js';
import type { ReportsService } from '../reports/index.js';
import type { RequestOrigin, SecurityLog } from '../security-log/index.js';
import { lockLiveUser } from './deletion.queries.js';
import {
  deleteExports,
  type ExportRow,
  exportedBlocks,
  exportedComments,
  exportedFollows,
  exportedInvites,
  exportedJosies,
  exportedNotifications,
  exportedProviders,
  exportedReactions,
  exportedUser,
  findExport,
  insertExport,
  knownMediaKeys,
  latestCountedExportOf,
  latestExportOf,
  latestReadyExportOf,
  markExportFailed,
  markExportReady,
  purgeableExports,
} from './export.queries.js';

/** The export jobs (decision 0018): building one zip, and the daily purge of expired ones. */
export type AccountExportJobs = {
  'account-exports.build': { exportId: string };
  'account-exports.purge': ScheduledRun;
};

const DAY_MS = 86_400_000;
/** Attempts of a build before the export is marked failed (the job's back-off spaces them). */
export const EXPORT_BUILD_ATTEMPTS = 3;
/** When the purge of expired exports runs: every day at 00:35 UTC (cron). */
export const EXPORTS_PURGE_CRON = '35 0 * * *';
/** Failed exports stay this many days (the operators' trace), then the purge deletes them. */
export const FAILED_EXPORT_KEEP_DAYS = 7;

/**
 * Where one build attempt of export `id` of `userId` keeps its zip in the private storage: unique per
 * attempt, so a duplicate run that loses the race removes only its own file, never the one marked ready.
 */
const zipKey = (userId: string, id: string) => `exports/${userId}/${id}-${randomUUID()}.zip`;

/** The contract's `AccountExport` of a row; null once a ready export expired (the purge may not have run). */
export function presentExport(row: ExportRow | undefined, now: Date): AccountExport | null {
  if (!row) return null;
  if (row.expiresAt && row.expiresAt <= now) return null;
  return {
    status: row.status,
    url: row.status === 'ready' ? ROUTES.downloadExport.path : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.status === 'ready' && row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

/**
 * Writes a zip entry by entry into memory: JSON entries deflated, media (already compressed images) stored
 * as they are, each read from its stream chunk by chunk. fflate (docs/decisions/0025-account-and-data.md).
 */
function zipWriter() {
  const chunks: Uint8Array[] = [];
  let fail: (err: Error) => void = () => {};
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const zip = new Zip((err, data, final) => {
    if (err) return fail(err);
    chunks.push(data);
    if (final) finish();
  });
  return {
    json(name: string, value: unknown) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(`${JSON.stringify(value, null, 2)}\n`), true);
    },
    async stream(name: string, source: Readable) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      for await (const chunk of source) entry.push(chunk as Uint8Array);
      entry.push(new Uint8Array(0), true);
    },
    async end(): Promise<Buffer> {
      zip.end();
      await done;
      return Buffer.concat(chunks);
    },
  };
}

/**
 * "Your account, your data": the export of everything an account holds (docs/decisions/0025-account-and-data.md,
 * "Export"). A request enqueues a job in its transaction; the job builds the zip into the private storage,
 * marks the export ready for {@link EXPORT_TTL_DAYS} days and mails its owner; only the owner's session
 * downloads it. One export a day ({@link EXPORTS_PER_DAY}); a failed one does not count.
 */
export function createAccountExportService(deps: {
  db: Db;
  jobs: AppJobQueue;
  /** The media storage the josies' images, avatar and header are read from. */
  storage: Pick<Storage, 'open' | 'publicUrl'>;
  /** Where the zips are kept, never served publicly. */
  files: PrivateStorage;
  mailer: Mailer;
  /** `PUBLIC_URL`, the start of the mailed link. */
  publicUrl: string;
  securityLog: SecurityLog;
  /** The reports the user filed (decision 0047), without who else reported the same. */
  reports: Pick<ReportsService, 'exportOf'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}) {
  const { db, jobs, storage, files, mailer, securityLog, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Builds the zip of `userId`'s data; null when the account is gone. */
  async function buildZip(userId: string): Promise<Buffer | null> {
    const user = await exportedUser(db, userId);
    if (!user) return null;
    const [
      providers,
      ownJosies,
      likes,
      saves,
      following,
      followers,
      invites,
      notifications,
      comments,
      reports,
      blocked,
      muted,
    ] = await Promise.all([
      exportedProviders(db, userId),
      exportedJosies(db, userId),
      exportedReactions(db, userId, 'likes'),
      exportedReactions(db, userId, 'saves'),
      exportedFollows(db, userId, 'following'),
      exportedFollows(db, userId, 'followers'),
      exportedInvites(db, userId),
      exportedNotifications(db, userId),
      exportedComments(db, userId),
      deps.reports.exportOf(userId),
      exportedBlocks(db, userId, 'blocked'),
      exportedBlocks(db, userId, 'muted'),
    ]);
    // Only uploads the media table knows, never a private file nor a path that climbs out of the media
    // folder: image URLs in paragraphs come from clients (docs/decisions/0025-account-and-data.md, "Export").
    const candidates = storageKeysOf(storage, [
      ...(user.avatarUrl ? [user.avatarUrl] : []),
      ...(user.headerImageUrl ? [user.headerImageUrl] : []),
      ...ownJosies.flatMap((j) => josieImageUrls(j.paragraphs)),
    ]).filter((key) => !key.startsWith('private/') && !key.includes('..') && !key.startsWith('/'));
    const known = await knownMediaKeys(db, [...new Set(candidates)]);
    const zip = zipWriter();
    // Media first: the JSON entries then name only the files that are really in the zip.
    const written = new Map<string, string>();
    async function addMedia(key: string): Promise<string | null> {
      if (!known.has(key)) return null;
      const already = written.get(key);
      if (already) return already;
      let source: Readable;
      try {
        source = await storage.open(key);
      } catch (err) {
        // A file lost from storage leaves its mention out; anything else (S3 down) fails the attempt.
        if (err instanceof StorageNotFoundError) return null;
        throw err;
      }
      const name = `media/${key}`;
      await zip.stream(name, source);
      written.set(key, name);
      return name;
    }
    const fileOf = async (url: string | null) => {
      const [key] = url ? storageKeysOf(storage, [url]) : [];
      return key ? addMedia(key) : null;
    };
    const avatarFile = await fileOf(user.avatarUrl);
    const headerImageFile = await fileOf(user.headerImageUrl);
    const josiesOut = [];
    for (const josie of ownJosies) {
      const mediaFiles: string[] = [];
      for (const key of storageKeysOf(storage, josieImageUrls(josie.paragraphs))) {
        const name = await addMedia(key);
        if (name) mediaFiles.push(name);
      }
      josiesOut.push({ ...josie, mediaFiles });
    }
    const { hasPassword, preferences, notificationSettings, onboarding, ...profile } = user;
    zip.json('account.json', {
      exportedAt: now().toISOString(),
      profile: { ...profile, avatarFile, headerImageFile },
      signIn: { password: hasPassword, providers },
      preferences,
      notificationSettings,
      onboarding,
    });
    zip.json('josies.json', josiesOut);
    zip.json('likes.json', likes);
    zip.json('saves.json', saves);
    zip.json('follows.json', { following, followers });
    zip.json('blocks.json', { blocked, muted });
    zip.json('invites.json', invites);
    zip.json('notifications.json', notifications);
    zip.json('comments.json', comments);
    zip.json('reports.json', reports);
    return zip.end();
  }

  return {
    /**
     * `POST /api/users/me/export`: a new pending export and its build job, in one transaction, with the
     * `export-requested` security event. 202 `{export}`.
     * @throws AppError 429 `RATE_LIMITED` within a day of the last export that did not fail (with
     *   `Retry-After`); 404 when the account is gone.
     */
    async start(actor: AuthUser, origin: RequestOrigin): Promise<AccountExportResponse> {
      const at = now();
      const row = await db.transaction(async (tx) => {
        if (!(await lockLiveUser(tx, actor.id))) throw errors.notFound('User not found');
        const last = await latestCountedExportOf(tx, actor.id);
        const nextAt = last ? last.createdAt.getTime() + DAY_MS / EXPORTS_PER_DAY : 0;
        if (nextAt > at.getTime()) {
          throw errors.rateLimited(
            'You can ask for one export a day. Please try again later.',
            Math.ceil((nextAt - at.getTime()) / 1000),
          );
        }
        const created = await insertExport(tx, actor.id);
        await jobs.enqueue(
          'account-exports.build',
          { exportId: created.id },
          { key: `account-export:${created.id}`, maxAttempts: EXPORT_BUILD_ATTEMPTS },
          tx,
        );
        await securityLog.record({ userId: actor.id, kind: 'export-requested', ...origin }, tx);
        return created;
      });
      return { export: presentExport(row, at) };
    },

    /** `GET /api/users/me/export`: the caller's latest export, null when none or when it expired. */
    async current(actor: AuthUser): Promise<AccountExportResponse> {
      return { export: presentExport(await latestExportOf(db, actor.id), now()) };
    },

    /**
     * `GET /api/users/me/export/download`: the zip of the caller's latest ready export, streamed from the private
     * storage, with the `export-downloaded` event. Only the caller's own export can be reached: the route
     * takes no id.
     * @throws AppError 404 when the caller has no ready export (or its file is gone), 410 once it expired.
     */
    async download(
      actor: AuthUser,
      origin: RequestOrigin,
    ): Promise<{ stream: Readable; bytes: number | null; filename: string }> {
      // The latest ready one, even behind a newer pending or failed export (its zip is still valid).
      const row = await latestReadyExportOf(db, actor.id);
      if (row?.status !== 'ready' || !row.storageKey) throw errors.notFound('No export to download');
      if (!row.expiresAt || row.expiresAt <= now()) throw errors.gone('This export has expired');
      let stream: Readable;
      try {
        stream = await files.open(row.storageKey);
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw errors.notFound('No export to download');
        throw err;
      }
      await securityLog.record({ userId: actor.id, kind: 'export-downloaded', ...origin });
      return {
        stream,
        bytes: row.bytes,
        filename: `josie-export-${row.createdAt.toISOString().slice(0, 10)}.zip`,
      };
    },

    /**
     * The `account-exports.build` job: builds the zip, stores it, marks the export ready until
     * {@link EXPORT_TTL_DAYS} days from now, then mails the owner (a mail that fails is logged: the export
     * is on the account page anyway). Runs twice harmlessly; an export no longer pending (done, or its
     * account deleted) is left alone. The last attempt's failure marks the export failed.
     */
    async build(exportId: string, attempt: { last: boolean }): Promise<void> {
      const row = await findExport(db, exportId);
      if (row?.status !== 'pending') return;
      // Set once this attempt's zip is in storage: removed again unless the export row records it.
      let stored: string | null = null;
      try {
        const zip = await buildZip(row.userId);
        if (!zip) return;
        const key = zipKey(row.userId, row.id);
        await files.put(key, zip, 'application/zip');
        stored = key;
        const readyAt = now();
        const expiresAt = new Date(readyAt.getTime() + EXPORT_TTL_DAYS * DAY_MS);
        const marked = await markExportReady(db, row.id, {
          storageKey: key,
          bytes: zip.length,
          readyAt,
          expiresAt,
        });
        if (!marked) {
          // The account was deleted while the zip was being built (its file must not outlive it), or
          // another run marked the export ready first (its zip is another key): only this run's file goes.
          await files.remove(key);
          return;
        }
        stored = null;
      } catch (err) {
        if (stored) {
          await files.remove(stored).catch((removeErr: unknown) => {
            log.warn({ err: removeErr, exportId }, 'export zip of a failed build not removed');
          });
        }
        if (attempt.last) {
          await markExportFailed(db, row.id, err instanceof Error ? err.message : String(err));
        }
        throw err;
      }
      const user = await exportedUser(db, row.userId);
      if (!user) return;
      const mail = exportReadyMail({
        language: user.preferredLanguage,
        name: user.name,
        link: `${deps.publicUrl}/account?tab=data`,
        validDays: EXPORT_TTL_DAYS,
      });
      await mailer.send({ to: user.email, ...mail }).catch((err: unknown) => {
        log.warn({ err, exportId }, 'export-ready mail not sent');
      });
    },

    /**
     * The daily `account-exports.purge`: removes the files of expired exports, then their rows (and failed
     * exports older than {@link FAILED_EXPORT_KEEP_DAYS} days), in batches. A file that cannot be removed
     * keeps its row, for the next run. @returns the rows deleted.
     */
    async purge(): Promise<number> {
      return deleteInBatches(async (limit) => {
        const rows = await purgeableExports(db, FAILED_EXPORT_KEEP_DAYS, limit);
        const removed = await Promise.allSettled(
          rows.map(async (r) => {
            if (r.storageKey) await files.remove(r.storageKey);
            return r.id;
          }),
        );
        const ids = removed.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        for (const r of removed) {
          if (r.status === 'rejected') log.warn({ err: r.reason }, 'expired export file not removed');
        }
        await deleteExports(db, ids);
        // Counting the batch as full while files fail would loop on them: stop after this batch then.
        return ids.length < rows.length ? 0 : rows.length;
      });
    },
  };
}
export type AccountExportService = ReturnType<typeof createAccountExportService>;

/**
 * The handlers of the export jobs (decision 0018): `build` for `account-exports.build`, `purge` for the daily
 * `account-exports.purge`; the composition root registers them and the purge's cron schedule
 * ({@link EXPORTS_PURGE_CRON}).
 */
export function accountExportJobs(exports: AccountExportService) {
  return {
    build: (job: Job<AccountExportJobs['account-exports.build']>) =>
      exports.build(job.payload.exportId, { last: job.attempt >= job.maxAttempts }),
    purge: async () => {
      await exports.purge();
    },
  };
}
