import type { Role } from '@josie/contract';

/**
 * Where the editor's Back, a save and a failed load lead: a curator's own list (spec 001 §4, §8), or
 * the review queue for the editors and admins who edit from it (DESIGN §9.14).
 */
export function editorHomePath(role: Role | undefined): string {
  return role === 'editor' || role === 'admin' ? '/editor/dashboard' : '/my-josies';
}
