import type { Role } from '@josie/contract';
import { userAbilities } from '../users/index.js';

/**
 * Whether a user of `role` may see the link resolver's status (sources, last outcomes, counts): whoever may
 * use the admin area, as `GET /api/admin/link-resolver` declares (docs/product/routes-and-roles.md#admin;
 * docs/decisions/0022-listen-on-your-own-service.md). Everyone may read a josie's links; only this view of
 * the resolver itself is restricted.
 */
export function canSeeResolverStatus(actor: { role: Role }): boolean {
  return userAbilities(actor.role).administer;
}
