import type { UserAbilities } from '@josie/contract';

/**
 * Where the editor's Back, a save and a failed load lead: the review queue for who may review (editors and
 * admins, who edit from it: docs/product/differences.md#editors-may-edit), else a curator's own list
 * (docs/product/rules-and-limits.md#josies, docs/product/messages.md#josies). From the server's abilities.
 */
export function editorHomePath(abilities: UserAbilities | undefined): string {
  return abilities?.review ? '/editor/dashboard' : '/my-josies';
}
