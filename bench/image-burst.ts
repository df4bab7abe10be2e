/**
 * Sign-in during a burst of large image uploads (docs/decisions/0036-media-limits-and-provenance.md): the
 * Josie server on an embedded database with the demo accounts; first sign-ins alone for BENCH_DURATION
 * seconds, then the same sign-ins while BENCH_BURST parallel `POST /api/josies` each carry a 7071 × 7071 PNG
 * (just under the 50-megapixel cap), until the last upload is answered and at least BENCH_DURATION seconds
 * have passed. Prints the sign-ins' p50/p99/max in ms for both phases, the uploads' answers and times, and
 * the server's peak resident memory (VmHWM). Sign-in (argon2) and sharp share libuv's threads; the decode
 * queue of apps/server/src/lib/images.ts keeps the burst from taking them all.
 *
 * Usage: `npm run bench:image-burst -w bench` (or `npx tsx bench/image-burst.ts`).
 *
 * Environment: BENCH_DURATION (seconds per phase, 10), BENCH_BURST (parallel uploads, 8),
 * BENCH_SIGNIN_CONCURRENCY (sign-ins in flight at once, 2).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadLine, machineLine } from './lib/machine.js';
import { repoRoot, startProcess } from './lib/server.js';
import { percentile } from './lib/stats.js';

const durationMs = Number(process.env.BENCH_DURATION ?? 10) * 1000;
const burst = Number(process.env.BENCH_BURST ?? 8);
const signInConcurrency = Number(process.env.BENCH_SIGNIN_CONCURRENCY ?? 2);
const SIDE = 7071;
const CREDENTIALS = { email: 'curator1@demo.josie', password: 'demo-password' };

/** Signs in over and over with `concurrency` callers until `until()` is true; answers each time in ms. */
async function signIns(url: string, until: () => boolean, concurrency: number): Promise<number[]> {
  const times: number[] = [];
  const caller = async () => {
    while (!until()) {
      const started = performance.now();
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CREDENTIALS),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return times;
}

/** The server's peak resident memory in MB (Linux `VmHWM`), or null elsewhere. */
function peakMemoryMb(pid: number | undefined): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
    return line ? Math.round(Number(line[1]) / 1024) : null;
  } catch {
    return null;
  }
}

const row = (label: string, times: number[]) =>
  `${label.padEnd(28)} ${String(times.length).padStart(6)} ${percentile(times, 50).toFixed(0).padStart(8)} ${percentile(times, 99).toFixed(0).padStart(8)} ${Math.max(
    ...times,
  )
    .toFixed(0)
    .padStart(8)}`;

const dataDir = mkdtempSync(join(tmpdir(), 'josie-bench-burst-'));
console.log(machineLine());
const server = await startProcess(
  join(repoRoot, 'apps/server/src/main.ts'),
  { NODE_ENV: 'production', DATA_DIR: dataDir, DEMO_DATA: 'true', RATE_LIMIT_AUTH_MAX: '100000000' },
  '/readyz',
  // Demo seeding on a busy shared machine can take minutes.
  600_000,
);
try {
  const png = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#87a9ff' } })
    .png()
    .toBuffer();
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIALS),
  });
  const { token } = (await login.json()) as { token: string };

  // Phase 1: sign-in alone.
  const aloneEnds = performance.now() + durationMs;
  const alone = await signIns(server.url, () => performance.now() > aloneEnds, signInConcurrency);

  // Phase 2: the same sign-ins during the burst.
  const burstStarted = performance.now();
  let pending = burst;
  const uploads = Array.from({ length: burst }, async (_, i) => {
    const form = new FormData();
    form.append('title', `Burst ${i}`);
    form.append('paragraphs', '[]');
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'big.png');
    const started = performance.now();
    const res = await fetch(`${server.url}/api/josies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await res.arrayBuffer();
    pending--;
    return { status: res.status, ms: performance.now() - started };
  });
  const during = await signIns(
    server.url,
    () => pending === 0 && performance.now() > burstStarted + durationMs,
    signInConcurrency,
  );
  const answered = await Promise.all(uploads);

  console.log(
    `\n${loadLine()}; PNG ${SIDE} x ${SIDE}, ${(png.length / 1024).toFixed(0)} KB; ${burst} uploads`,
  );
  console.log(
    `${'sign-in'.padEnd(28)} ${'count'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  );
  console.log(row('alone', alone));
  console.log(row(`during ${burst} uploads`, during));
  const statuses = answered.map((a) => a.status).join(' ');
  const slowest = Math.max(...answered.map((a) => a.ms));
  console.log(`uploads answered: ${statuses}; the last after ${(slowest / 1000).toFixed(1)} s`);
  console.log(`server peak resident memory: ${peakMemoryMb(server.child.pid) ?? '?'} MB`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
