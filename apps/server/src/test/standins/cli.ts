/**
 * Runs every stand-in until stopped, for end-to-end runs and manual trials:
 * `npx tsx apps/server/src/test/standins/cli.ts` prints one JSON line with the environment to give the
 * Josie server (`{"SPOTIFY_CLIENT_ID": ..., ...}`), then serves until SIGINT or SIGTERM.
 */
import { startStandins } from './index.js';

const standins = await startStandins();
process.stdout.write(`${JSON.stringify(standins.env)}\n`);
const stop = async () => {
  await standins.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
