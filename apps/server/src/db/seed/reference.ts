import { AI_TEMPLATE_SEED_NAMES, FLAG_DEFAULTS, GENRES, INTERESTS } from '@josie/contract';
import type { Executor } from '../client.js';
import { aiTemplates, featureFlags, genres, interests } from '../schema.js';

/**
 * The AI prompt templates the editor uses (docs/product/routes-and-roles.md#api); `{{name}}` marks a
 * variable. Admins edit them. Their names are the contract's, which the web translates while unchanged.
 */
export const AI_TEMPLATES = [
  {
    key: 'enticing-title',
    name: AI_TEMPLATE_SEED_NAMES['enticing-title'],
    content:
      'Write one short, enticing title (at most 8 words, no quotes) for a music post with this text:\n\n{{text}}',
  },
  {
    key: 'image-prompt-from-josie',
    name: AI_TEMPLATE_SEED_NAMES['image-prompt-from-josie'],
    content:
      'Describe, in one vivid sentence for an image generator, a picture that fits this music post. Title: {{title}}. Text: {{text}}',
  },
  {
    key: 'image-from-text',
    name: AI_TEMPLATE_SEED_NAMES['image-from-text'],
    content: 'An expressive, colourful illustration for a music post: {{prompt}}',
  },
  {
    key: 'album-cover-style',
    name: AI_TEMPLATE_SEED_NAMES['album-cover-style'],
    content: 'A square album cover in the style of {{style}}, showing: {{prompt}}',
  },
] as const;

/**
 * Reference data every installation needs: the seed genre and interest lists (only into an empty list, so
 * a genre an admin removed stays removed across restarts), the AI templates and the feature flags with
 * their defaults (missing keys only: an admin's edits are kept).
 */
export async function seedReference(db: Executor): Promise<void> {
  const [genreRow] = await db.select({ id: genres.id }).from(genres).limit(1);
  if (!genreRow) await db.insert(genres).values(GENRES.map((name) => ({ name })));
  const [interestRow] = await db.select({ id: interests.id }).from(interests).limit(1);
  if (!interestRow) await db.insert(interests).values(INTERESTS.map((name) => ({ name })));
  await db
    .insert(aiTemplates)
    .values(AI_TEMPLATES.map((t) => ({ ...t })))
    .onConflictDoNothing();
  await db
    .insert(featureFlags)
    .values(Object.entries(FLAG_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}
