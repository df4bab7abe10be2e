import type { PreferencesUpdateBody, Role } from '@josie/contract';
import { userAbilities } from '../users/index.js';

/** The font and colour a user has stored, as a preferences update compares them. */
export type StoredStyle = { myFont?: string | null; myColor?: string | null };

/**
 * Whether a user of `role` may change their font and colour to what `body` sends: always with the
 * `chooseStyle` ability (curators, who alone create josies: the font and colour dress the josies one creates,
 * docs/product/rules-and-limits.md#preferences-and-catalogues; the `User` answer's abilities carry the same
 * rule, docs/decisions/0015-endpoints-in-the-contract.md). Without it, only a value that changes nothing: left
 * out, '' or the one already stored, so an account page that sends back what it read still saves.
 */
export function canSetStyle(
  role: Role,
  stored: StoredStyle,
  body: Pick<PreferencesUpdateBody, 'myFont' | 'myColor'>,
): boolean {
  if (userAbilities(role).chooseStyle) return true;
  return (['myFont', 'myColor'] as const).every((key) => !body[key] || body[key] === stored[key]);
}
