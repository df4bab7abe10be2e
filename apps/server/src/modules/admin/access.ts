import type { Role } from '@josie/contract';
import { userAbilities } from '../users/index.js';

/** Who acts in the admin area: a signed-in user's id and role. */
export type AdminActor = { id: string; role: Role };

/**
 * Whether `actor` may use the admin area's powers (statistics, users and roles, templates, catalogues,
 * messages, the link resolver's status): the `administer` ability, which holds exactly when every
 * `/api/admin/` endpoint admits the role (docs/product/routes-and-roles.md#admin,
 * docs/product/routes-and-roles.md#roles). The routes admit admins only; services ask again so that no
 * other caller (a script, a future route) reaches these powers without the role.
 */
export function canAdminister(actor: Pick<AdminActor, 'role'>): boolean {
  return userAbilities(actor.role).administer;
}

/**
 * Whether `actor` may give the user `targetId` another role: anyone but themselves, so that an admin
 * cannot lock themselves out (docs/product/routes-and-roles.md#roles).
 */
export function canChangeRoleOf(actor: Pick<AdminActor, 'id'>, targetId: string): boolean {
  return actor.id !== targetId;
}

/** Whether an admin may delete `target`: never another admin (docs/product/routes-and-roles.md#roles). */
export function canDeleteUser(target: { role: Role }): boolean {
  return target.role !== 'admin';
}
