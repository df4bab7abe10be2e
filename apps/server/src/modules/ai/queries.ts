import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { aiTemplates } from '../../db/schema.js';

/** The content of the AI template with this key, or undefined. */
export async function findTemplateContent(db: Executor, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ content: aiTemplates.content })
    .from(aiTemplates)
    .where(eq(aiTemplates.key, key));
  return row?.content;
}
