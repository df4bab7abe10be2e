/**
 * Share cards (docs/decisions/0044-share-cards.md): the time to draw one 1200 × 630 PNG card, as the
 * `share-cards.josie` job draws it (cover art and avatar already read), over BENCH_CARDS cards (50) of varied
 * titles, half English and half Hebrew, in every curator font and colour in turn; and the cards' bytes. The
 * first card, which loads the fonts, is reported apart. Beside it, in the same run, the bare Fastify route's
 * p50/p99 (bench/bare-server.ts) says how busy the machine was.
 *
 * Usage: `npm run bench:share-cards -w bench` (or `npx tsx bench/share-cards.ts`); part of `npm run bench`.
 * Environment: BENCH_CARDS (50), BENCH_DURATION (seconds of the bare route, 10).
 */
import { join } from 'node:path';
import { COLOURS, FONTS } from '@josie/contract';
import sharp from 'sharp';
import { renderShareCard } from '../apps/server/src/modules/share-cards/index.js';
import { load } from './lib/load.js';
import { loadLine, machineLine } from './lib/machine.js';
import { repoRoot, startProcess } from './lib/server.js';
import { type Budget, percentile } from './lib/stats.js';

const CARDS = Number(process.env.BENCH_CARDS ?? 50);

const ENGLISH = [
  'Night drives',
  'Night drives need synths: ten tracks for the empty highway',
  'Songs for a slow Sunday morning, with coffee and the windows open',
  'Bass',
  'The long goodbye: every song I played the summer we moved out of the flat on Allenby Street',
];
const HEBREW = [
  'נסיעות לילה',
  'שירים לנסיעה בלילה: עשרה שירים לכביש הריק',
  'בוקר שבת איטי, עם קפה וחלונות פתוחים',
  'בס',
  'הפרידה הארוכה: כל שיר שניגנתי בקיץ שעזבנו את הדירה ברחוב אלנבי',
];

/** A photo-like image (noise over a colour), which compresses as badly as real cover art. */
function art(side: number, background: string): Promise<Buffer> {
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background,
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Runs the benchmark and prints its figures; share cards have no budget (docs/performance.md). */
export async function runShareCardBench(): Promise<Budget[]> {
  console.log(machineLine());
  const bare = await startProcess(join(repoRoot, 'bench/bare-server.ts'), {});
  let baseline: Awaited<ReturnType<typeof load>>;
  try {
    baseline = await load({ name: 'bare Fastify route', url: `${bare.url}/bare`, serverPid: bare.child.pid });
  } finally {
    await bare.stop();
  }
  const cover = await art(640, '#264653');
  const avatar = await art(256, '#e76f51');
  const content = (i: number) => ({
    title: (i % 2 === 0 ? ENGLISH : HEBREW)[Math.floor(i / 2) % ENGLISH.length]!,
    name: i % 2 === 0 ? 'Maya Levi' : 'מאיה לוי',
    colour: COLOURS[i % COLOURS.length]!.name,
    font: FONTS[i % FONTS.length]!.family,
    // One card in five without art, as a josie with only text.
    cover: i % 5 === 4 ? null : cover,
    avatar,
  });

  const loadBefore = loadLine();
  let started = performance.now();
  await renderShareCard(content(0));
  const first = performance.now() - started;
  const times: number[] = [];
  const bytes: number[] = [];
  for (let i = 0; i < CARDS; i++) {
    started = performance.now();
    const png = await renderShareCard(content(i));
    times.push(performance.now() - started);
    bytes.push(png.length);
  }
  const ms = (value: number) => Math.round(value * 10) / 10;
  console.table([
    {
      what: 'bare Fastify route (50 connections)',
      count: Math.round(baseline.requestsPerSec),
      'p50 ms': baseline.p50,
      'p99 ms': baseline.p99,
      bytes: baseline.bytesPerRequest,
      load: `${baseline.loadBefore.toFixed(2)} -> ${baseline.loadAfter.toFixed(2)}`,
    },
    {
      what: `share card, one at a time (${CARDS} cards)`,
      count: CARDS,
      'p50 ms': ms(percentile(times, 50)),
      'p99 ms': ms(percentile(times, 99)),
      bytes: Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length),
      load: `${loadBefore} -> ${loadLine()}`,
    },
  ]);
  console.log(
    `first card (fonts loaded): ${ms(first)} ms; slowest ${ms(Math.max(...times))} ms; bytes min ${Math.min(
      ...bytes,
    )}, max ${Math.max(...bytes)}; the bare route's count is requests/s, the cards' the cards drawn`,
  );
  return [];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runShareCardBench();
}
