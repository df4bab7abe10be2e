import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`apps/server`). This module sits one level below it in `src/`, and the
 * production build bundles it into `dist/main.js`, also one level below (`rolldown.config.ts` writes
 * every file at the top of `dist/`): the files the server reads from disk are therefore found from the
 * source under `tsx` and from the build under `node` alike
 * (docs/decisions/0019-compiled-production-server.md).
 */
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The SQL migrations drizzle-kit generates (`drizzle.config.ts`), applied at start-up. */
export const MIGRATIONS_DIR = join(packageDir, 'src', 'db', 'migrations');

/** The demo data's images: avatars, and josie artworks under `josies/`. */
export const SEED_ASSETS_DIR = join(packageDir, 'src', 'db', 'seed', 'assets');

/** The web app's build (`npm run build -w apps/web`), served unless `WEB_DIST_DIR` names another. */
export const WEB_DIST_DIR = join(packageDir, '..', 'web', 'dist');
