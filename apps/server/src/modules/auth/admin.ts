import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword } from './service.js';

/**
 * Makes `email` an admin with `password`: creates the account when missing, otherwise promotes it and
 * sets the password. How a production installation gets its first admin (`npm run create-admin`, or
 * `ADMIN_EMAIL`/`ADMIN_PASSWORD` on start).
 *
 * @returns whether the account was created (true) or updated (false).
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string; name?: string },
): Promise<boolean> {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await db.update(users).set({ role: 'admin', passwordHash }).where(eq(users.id, existing.id));
    return false;
  }
  await db.insert(users).values({
    email,
    name: admin.name ?? 'Admin',
    passwordHash,
    role: 'admin',
    onboarding: { completed: true, step: 3 },
  });
  return true;
}
