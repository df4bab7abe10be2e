/**
 * The sitemap of the large data set, streamed (docs/decisions/0042-feeds-and-search-engines.md,
 * docs/performance.md "Feeds and the sitemap"): one sitemap file of the josies written by the server's own
 * `sitemapPage` through a pool of the server's size, in this process, for a growing number of URLs (1,000 to
 * every published josie, past the protocol's 50,000 to show the trend), each with its `lastmod` and both
 * languages' `hreflang` alternates. For each it prints the URLs and bytes written, the time, and the most
 * memory the process held above what it held before (V8 heap in use and resident set, sampled every 5 ms
 * after a full collection): flat as the set grows when the file is streamed, where a file built in memory
 * would grow with its bytes.
 *
 * Usage: `npm run bench:sitemap -w bench` (or `npx tsx bench/sitemap.ts`); BENCH_DATABASE_URL as
 * bench/lib/db.ts; the large data set is seeded on first use (seed-large.ts).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { sitemapPage } from '../apps/server/src/modules/syndication/sitemap.js';
import { BENCH_DATABASE_URL } from './lib/db.js';
import { loadLine, machineLine } from './lib/machine.js';
import { seedLarge } from './seed-large.js';

/** One streamed sitemap file's figures. */
export interface SitemapRun {
  urls: number;
  bytes: number;
  ms: number;
  /** Most V8 heap in use above the level before the file, MB. */
  heapMb: number;
  /** Most resident memory above the level before the file, MB. */
  rssMb: number;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 2 ** 20;

/**
 * Streams the first josie sitemap file of `perPage` URLs to nowhere, counting its bytes and `<url>`s and
 * sampling memory, after a full collection.
 */
async function measure(db: Parameters<typeof sitemapPage>[0], perPage: number): Promise<SitemapRun> {
  gc();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  }, 5);
  const started = performance.now();
  let bytes = 0;
  let urls = 0;
  try {
    const stream = await sitemapPage(db, 'josies', 1, {
      publicUrl: 'https://josie.example',
      bilingual: true,
      perPage,
    });
    for await (const chunk of stream) {
      const text = chunk.toString();
      bytes += Buffer.byteLength(text);
      urls += text.split('<url>').length - 1;
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    urls,
    bytes,
    ms: performance.now() - started,
    heapMb: (heap - before.heapUsed) / MB,
    rssMb: (rss - before.rss) / MB,
  };
}

/** Runs {@link measure} for 1,000 URLs up to the whole set and prints a table; answers the runs. */
export async function runSitemapBench(): Promise<SitemapRun[]> {
  console.log(machineLine());
  await seedLarge();
  const database = await openDatabase({ url: BENCH_DATABASE_URL, dataDir: '/tmp', poolSize: 10 });
  try {
    // The first run pays the JIT and the pool's connections; it is not reported.
    await measure(database.db, 1_000);
    const runs: SitemapRun[] = [];
    for (const perPage of [1_000, 10_000, 50_000, 200_000]) runs.push(await measure(database.db, perPage));
    console.table(
      runs.map((r) => ({
        URLs: r.urls,
        'MB written': (r.bytes / MB).toFixed(1),
        s: (r.ms / 1000).toFixed(2),
        'URLs/s': Math.round(r.urls / (r.ms / 1000)),
        'peak heap +MB': r.heapMb.toFixed(1),
        'peak RSS +MB': r.rssMb.toFixed(1),
      })),
    );
    console.log(`measured at ${loadLine()}`);
    return runs;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runSitemapBench();
