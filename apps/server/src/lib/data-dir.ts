import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders under `DATA_DIR`: the owner's only. */
export const PRIVATE_DIR_MODE = 0o700;
/** Files under `DATA_DIR` (the database, media, mails, secrets): the owner's only. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Keeps `DATA_DIR` to the server's own user (decision 0009): the embedded database, the outbox's mails
 * (reset links), the media and the generated secrets are nobody else's to read on a shared machine.
 * Sets the process's umask to 077 first, so that every file and folder made from then on is 0600/0700
 * whatever umask the service was started with, PGlite's own files included (their modes are not ours to
 * pass); then makes `dataDir` (0700), or narrows an existing one made before, which also closes whatever
 * older files it holds. Called at start-up, before anything opens the database.
 */
export function keepDataPrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dataDir, PRIVATE_DIR_MODE);
}

/**
 * Narrows every file under `dir` to {@link PRIVATE_FILE_MODE} and every folder to {@link PRIVATE_DIR_MODE}.
 * For what the umask cannot reach: PGlite's file system sets its files' modes itself (0666), and an
 * installation made before `DATA_DIR` was private holds files open to everyone. Run at start-up once the
 * database is open and migrated; the files PGlite makes afterwards stay behind the 0700 `DATA_DIR`.
 */
export function narrowModes(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    const mode = entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
  }
}
