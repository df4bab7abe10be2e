import { isAbsolute } from 'node:path';
import { defineConfig } from 'rolldown';

/**
 * The production build (docs/decisions/0019-compiled-production-server.md): the server and the contract
 * it imports as TypeScript source (`@josie/contract`) bundled into plain JavaScript in `dist/`, which
 * `npm run start:prod` runs with `node`, no TypeScript loader. Installed packages stay external: `node`
 * loads them from `node_modules` as it would from the source, native ones (sharp, argon2, PGlite's WASM)
 * included.
 *
 * Every output file is written at the top of `dist/`, one level below the package like `src/paths.ts`:
 * that module finds the migrations, the seed assets and the web build from there.
 */
export default defineConfig({
  input: {
    main: 'src/main.ts',
    'create-admin': 'src/cli/create-admin.ts',
  },
  platform: 'node',
  // Bare imports are installed packages, except the workspace's own TypeScript packages.
  external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('@josie/'),
  tsconfig: 'tsconfig.json',
  output: {
    dir: 'dist',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunk-[hash].js',
    sourcemap: true,
    cleanDir: true,
  },
});
