import { ROLES } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import { canAdminister, canChangeRoleOf, canDeleteUser } from './access.js';

const ADMIN_ID = '0190f2a0-0000-7000-8000-000000000001';
const OTHER_ID = '0190f2a0-0000-7000-8000-000000000002';

describe('admin access rules (docs/product/routes-and-roles.md#roles)', () => {
  it('lets admins use the admin area', () => {
    expect(canAdminister({ role: 'admin' })).toBe(true);
  });

  it('refuses the admin area to every other role', () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) expect(canAdminister({ role })).toBe(false);
  });

  it("lets an admin change another user's role", () => {
    expect(canChangeRoleOf({ id: ADMIN_ID }, OTHER_ID)).toBe(true);
  });

  it('refuses an admin their own role change', () => {
    expect(canChangeRoleOf({ id: ADMIN_ID }, ADMIN_ID)).toBe(false);
  });

  it('lets listeners, curators and editors be deleted', () => {
    for (const role of ['listener', 'curator', 'editor'] as const) expect(canDeleteUser({ role })).toBe(true);
  });

  it('refuses to delete an admin', () => {
    expect(canDeleteUser({ role: 'admin' })).toBe(false);
  });
});
