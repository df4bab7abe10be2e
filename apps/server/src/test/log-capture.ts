import { Writable } from 'node:stream';
import { type App, buildApp } from '../app.js';
import type { TestContext } from './harness.js';

/**
 * A second app over a test context's database with the production logger configuration at `logLevel`,
 * writing into memory: `lines` holds each log line (JSON) as written. Close it before the context.
 */
export async function appWithLogLines(
  ctx: TestContext,
  logLevel: TestContext['config']['logLevel'],
): Promise<{ app: App; lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config: { ...ctx.config, logLevel },
    database: ctx.database,
    logger: { stream },
  });
  await app.ready();
  return { app, lines };
}
