import type { Db } from '../../db/client.js';
import { ensureAdminAccount } from '../users/index.js';
import { assertStrongPassword } from './password-policy.js';
import { hashPassword } from './service.js';

/**
 * Makes `email` an admin with `password`: creates the account when missing, otherwise promotes it and
 * sets the password. How a production installation gets its first admin (`npm run create-admin`, or
 * `ADMIN_EMAIL`/`ADMIN_PASSWORD` on start).
 *
 * @returns whether the account was created (true) or updated (false).
 * @throws AppError 400 `WEAK_PASSWORD` for a guessable password (decision 0011): nothing is written.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string; name?: string },
): Promise<boolean> {
  const email = admin.email.trim().toLowerCase();
  assertStrongPassword(admin.password, { email, name: admin.name });
  const passwordHash = await hashPassword(admin.password);
  return ensureAdminAccount(db, { email, name: admin.name ?? 'Admin', passwordHash });
}
