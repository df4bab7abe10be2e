import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type OnboardingColumn, users } from '../../db/schema.js';

/** A user's onboarding status, or undefined when the user is gone. */
export async function onboardingOf(db: Executor, userId: string): Promise<OnboardingColumn | undefined> {
  const [row] = await db.select({ onboarding: users.onboarding }).from(users).where(eq(users.id, userId));
  return row?.onboarding;
}
