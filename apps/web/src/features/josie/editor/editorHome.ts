import type { Role } from '@josie/contract';

/**
 * Where the editor's Back, a save and a failed load lead: a curator's own list
 * (docs/product/rules-and-limits.md#josies, docs/product/messages.md#josies), or the review queue for the
 * editors and admins who edit from it (docs/product/differences.md#editors-may-edit).
 */
export function editorHomePath(role: Role | undefined): string {
  return role === 'editor' || role === 'admin' ? '/editor/dashboard' : '/my-josies';
}
