import {
  type ItemLinks,
  type LinkResolverStatus,
  type ListenPlatform,
  type Paragraph,
  parseAudioUrl,
} from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ProviderError } from '../../adapters/provider-http.js';
import type { Executor } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { Invalidation } from '../../scale/invalidation.js';
import { canSeeResolverStatus } from './access.js';
import { listenItems, resolvableItems } from './merge.js';
import {
  dueItems,
  findItem,
  type ItemLinksRow,
  insertPending,
  josiesShowing,
  resolverCounts,
  type StoredLinks,
  storedLinksOf,
  storeFailure,
  storeResolved,
  untrackedItems,
} from './queries.js';
import { OdesliBusy, type OdesliPacer, type ResolverSources, resolveItem } from './resolver.js';

/** The link jobs (decision 0018): one item's resolution, and the periodic look for due and new items. */
export type LinkJobs = {
  'links.resolve': { itemUrl: string };
  'links.refresh': { run: 'periodic' };
};

/** Attempts of one `links.resolve` job (pg-boss's back-off between them) before the refresh takes over. */
export const RESOLVE_ATTEMPTS = 5;
/** Items the refresh enqueues per run: a few minutes of Odesli's keyless budget. */
export const REFRESH_BATCH = 50;
/** The longest back-off of an item whose resolutions keep failing. */
const MAX_BACKOFF_MS = 7 * 24 * 60 * 60 * 1000;
/** The first back-off after a failure; it doubles with each further one. */
const FIRST_BACKOFF_MS = 15 * 60 * 1000;
/** The editor's live preview waits for Odesli at most this long. */
export const LIVE_TIMEOUT_MS = 4_000;

/** Hosts of the services whose links the audio dialog accepts through the resolver. */
const OTHER_SERVICES =
  /^https?:\/\/(?:[a-z0-9-]+\.)*(?:music\.apple\.com|deezer\.com|deezer\.page\.link|tidal\.com|soundcloud\.com|music\.youtube\.com|music\.amazon\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2}))\//i;

/**
 * How long the editor's preview trusts a stored answer that found nothing, or a failure, before asking the
 * sources again (ms): every preview would otherwise spend the shared Odesli and YouTube allowances on it.
 */
export const LIVE_RETRY_MS = 60 * 60 * 1000;

/** Whether a stored row answers a preview without a live call: it has links, or was tried within the hour. */
function answeredLately(row: ItemLinksRow | undefined, now: number): boolean {
  if (!row) return false;
  if (row.links.length > 0) return true;
  const last = Math.max(row.resolvedAt?.getTime() ?? 0, row.lastFailureAt?.getTime() ?? 0);
  return now - last < LIVE_RETRY_MS;
}

/** The job key of an item's `attempt`-th resolution: a later one is never deduplicated away. */
const jobKey = (itemUrl: string, attempt: number) => `links.resolve:${attempt}:${itemUrl}`;

/** A failure's back-off before the item is tried again by the refresh. */
export const backoffMs = (failures: number) =>
  Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures));

/**
 * How the resolver's failures reach the log. A failure is expected (offline, rate-limited): it is kept on
 * the item's row with its back-off and shown to admins by `GET /api/admin/link-resolver`. A provider that
 * cannot be reached (network, time-out, 5xx) is said once, as one warning line without a stack, until a
 * resolution succeeds again; its further failures go to the debug level, so an offline instance stays
 * quiet whatever the number of items (docs/decisions/0022-listen-on-your-own-service.md). Other failures
 * are one info line each.
 */
export function createOutageLog(log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn'>) {
  let down: string | null = null;
  return {
    failed(err: unknown, fields: Record<string, unknown>, message: string): void {
      const reason = err instanceof Error ? err.message.slice(0, 200) : String(err).slice(0, 200);
      if (err instanceof ProviderError && err.kind === 'unavailable') {
        if (down === null) {
          down = err.provider;
          log.warn(
            { provider: err.provider, reason },
            `the link resolver cannot reach ${err.provider}: readers see the original links, and items are tried again with back-off`,
          );
        } else {
          log.debug({ ...fields, reason }, message);
        }
        return;
      }
      log.info({ ...fields, reason }, message);
    },
    /** A resolution succeeded: the next outage is said again. */
    reached(): void {
      if (down === null) return;
      log.info({ provider: down }, `the link resolver reaches ${down} again`);
      down = null;
    },
  };
}

/**
 * Listening on the listener's own service (docs/decisions/0022-listen-on-your-own-service.md): follows the
 * audio and video items of josies, resolves their links on other platforms in the background (jobs on
 * pg-boss, decision 0018), stores them (the `item_links` table is this module's), drops the cached answers
 * of the josies showing an item when its links change, and answers the editor's preview and the admin's
 * status. Never in a request's way: unconfigured or unreachable, readers see the original only.
 */
export function createLinksService(deps: {
  db: Executor;
  jobs: AppJobQueue;
  invalidation: Invalidation;
  sources: ResolverSources;
  pacer: OdesliPacer | null;
  /** A resolved item older than this is resolved again. */
  refreshDays: number;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn'>;
}) {
  const { db, jobs, invalidation, sources, pacer, refreshDays, log } = deps;
  const outage = createOutageLog(log);
  const configured = sources.odesli !== null || (sources.spotify !== null && sources.youtube !== null);

  /** Drops the cached answers of every josie showing `itemUrl`, on every instance. */
  async function invalidate(itemUrl: string) {
    const ids = await josiesShowing(db, itemUrl);
    await Promise.all(ids.map((id) => invalidation.publish('josie', id)));
  }

  /** Enqueues the resolution of each item, keyed by its attempt number. */
  async function enqueue(items: readonly { itemUrl: string; attempts: number }[], executor?: Executor) {
    if (items.length === 0) return 0;
    return jobs.enqueueMany(
      items.map((i) => ({
        name: 'links.resolve' as const,
        payload: { itemUrl: i.itemUrl },
        options: { key: jobKey(i.itemUrl, i.attempts), maxAttempts: RESOLVE_ATTEMPTS },
      })),
      executor,
    );
  }

  const describe = (err: unknown) =>
    err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);

  /** Resolves `url` now with a short deadline and stores it; undefined when no source answered in time. */
  async function resolveLive(url: string): Promise<StoredLinks | undefined> {
    if (!configured) return undefined;
    try {
      const result = await resolveItem(
        sources,
        pacer,
        url,
        { title: '', artistName: '' },
        { live: true, timeoutMs: LIVE_TIMEOUT_MS },
      );
      await storeResolved(db, url, result);
      outage.reached();
      await invalidate(url);
      return { itemUrl: url, ...result };
    } catch (err) {
      outage.failed(err, { url }, 'live link resolution failed; answering what is stored');
      return undefined;
    }
  }

  return {
    /** Whether any source is configured (else nothing is enqueued and readers see the originals). */
    configured,

    /**
     * Follows the resolvable items of a josie being created or edited: a pending row for each new one and its
     * resolution job, both in the caller's transaction `tx` (the josie and its jobs commit together; the
     * request never waits for a resolver). Known items keep their row (the refresh renews stale ones).
     */
    async track(tx: Executor, paragraphs: readonly { type: string; content: unknown }[]): Promise<void> {
      if (!configured) return;
      const added = await insertPending(tx, resolvableItems(paragraphs));
      await enqueue(
        added.map((itemUrl) => ({ itemUrl, attempts: 0 })),
        tx,
      );
    },

    /**
     * The `links.resolve` job: resolves one item and stores the outcome. A failure worth retrying (429,
     * unreachable) is recorded with its back-off and thrown, so pg-boss retries it; after its last attempt
     * the refresh enqueues the item again once the back-off has passed. Nothing is lost.
     */
    async resolveJob(itemUrl: string, attempt: { number: number; last: boolean }): Promise<void> {
      const row = await findItem(db, itemUrl);
      if (!row) return;
      try {
        const result = await resolveItem(sources, pacer, itemUrl, {
          title: row.title,
          artistName: row.artistName,
        });
        await storeResolved(db, itemUrl, result);
        outage.reached();
        await invalidate(itemUrl);
      } catch (err) {
        if (err instanceof OdesliBusy) {
          // Not a failure: the same item later, when the budget allows (a key of its own, so this running
          // job's key does not swallow it).
          await jobs.enqueue(
            'links.resolve',
            { itemUrl },
            {
              key: `${jobKey(itemUrl, row.attempts)}:later:${Date.now()}`,
              delayMs: err.retryInMs + Math.random() * 1000,
              maxAttempts: RESOLVE_ATTEMPTS,
            },
          );
          return;
        }
        const retryIn = backoffMs(row.failures);
        await storeFailure(db, itemUrl, describe(err), retryIn);
        outage.failed(err, { itemUrl, attempt: attempt.number }, 'link resolution failed');
        // Our credentials refused or an answer of the wrong shape: retrying now would fail alike; the
        // refresh tries again after the back-off.
        if (err instanceof ProviderError && (err.kind === 'auth' || err.kind === 'bad_response')) return;
        if (!attempt.last) throw err;
      }
    },

    /**
     * The `links.refresh` job: enqueues items due for a resolution (new, failed past their back-off, or
     * resolved more than `refreshDays` ago), and follows items of josies that have no row yet (written before
     * a source was configured, the demo josies). @returns how many resolutions were enqueued.
     */
    async refresh(): Promise<number> {
      if (!configured) return 0;
      const untracked = await untrackedItems(db, REFRESH_BATCH);
      // Playlists are left out (no other service has them): the same rule as for new josies.
      const resolvable = new Set(
        resolvableItems(untracked.map((i) => ({ type: 'video', content: { url: i.itemUrl } }))).map(
          (i) => i.itemUrl,
        ),
      );
      await insertPending(
        db,
        untracked.filter((i) => resolvable.has(i.itemUrl)),
      );
      return enqueue(await dueItems(db, refreshDays, REFRESH_BATCH));
    },

    /**
     * `GET /api/audio/links?url=`: what the resolver knows of an item for the editor's preview: stored, else
     * resolved live (no waiting for a turn, a short deadline) and stored. Unconfigured, unreachable or
     * unknown: the original link only (nothing is refused but a URL of no service).
     */
    async preview(url: string): Promise<ItemLinks> {
      const ref = parseAudioUrl(url);
      // A pasted link's canonical form is what a josie's paragraph will hold, and so the stored row's key.
      const canonical = ref?.url ?? url;
      const itemUrl = ref
        ? ref.type === 'playlist'
          ? null
          : canonical
        : OTHER_SERVICES.test(url)
          ? url
          : null;
      const row = itemUrl ? await findItem(db, itemUrl) : undefined;
      let stored: StoredLinks | undefined = row && {
        itemUrl: row.itemUrl,
        title: row.title,
        artistName: row.artistName,
        thumbnailUrl: row.thumbnailUrl,
        links: row.links,
      };
      if (itemUrl && configured && !answeredLately(row, Date.now())) {
        stored = (await resolveLive(itemUrl)) ?? stored;
      }
      const original: Paragraph[] = ref
        ? [
            {
              type: 'audioItem',
              content: { url: canonical, provider: ref.provider, type: ref.type, name: '', image: null },
            } as Paragraph,
          ]
        : [];
      const [item] = listenItems(original, new Map(stored ? [[canonical, stored]] : []));
      if (item)
        return {
          title: item.title,
          artistName: item.artistName,
          thumbnailUrl: item.thumbnailUrl,
          links: item.links,
        };
      return {
        title: stored?.title ?? '',
        artistName: stored?.artistName ?? '',
        thumbnailUrl: stored?.thumbnailUrl ?? null,
        links: stored?.links ?? [],
      };
    },

    /**
     * For the audio dialog: the Spotify (else YouTube) link of an item pasted from another service (Apple
     * Music, Deezer, Tidal, SoundCloud, YouTube Music, Amazon Music), or null when the URL is of no such
     * service or the resolver cannot map it.
     */
    async counterpartOnPlayers(url: string): Promise<string | null> {
      if (!OTHER_SERVICES.test(url) || !configured) return null;
      const stored = (await storedLinksOf(db, [url]))[0] ?? (await resolveLive(url));
      const pick = (p: ListenPlatform) => stored?.links.find((l) => l.platform === p)?.url;
      return pick('spotify') ?? pick('youtube') ?? null;
    },

    /** The stored links of the items among `urls`, for presenting a page of josies (one statement). */
    storedLinksOf: (executor: Executor, urls: readonly string[]) => storedLinksOf(executor, urls),

    /**
     * `GET /api/admin/link-resolver`: which sources are configured, last outcomes, counts.
     * @throws AppError 403 for anyone but an admin.
     */
    async status(actor: AuthUser): Promise<LinkResolverStatus> {
      if (!canSeeResolverStatus(actor)) throw errors.forbidden('Only admins can see the link resolver');
      const c = await resolverCounts(db);
      return {
        sources: [
          { name: 'odesli', configured: sources.odesli !== null },
          { name: 'spotify', configured: sources.spotify !== null },
          { name: 'youtube', configured: sources.youtube !== null },
        ],
        lastSuccessAt: c.lastSuccessAt?.toISOString() ?? null,
        lastFailureAt: c.lastFailureAt?.toISOString() ?? null,
        lastError: c.lastError,
        failedItems: c.failed,
        pendingItems: c.pending,
        resolvedItems: c.resolved,
      };
    },
  };
}
export type LinksService = ReturnType<typeof createLinksService>;
