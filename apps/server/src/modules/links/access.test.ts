import { ROLES } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import { canSeeResolverStatus } from './access.js';

describe("the link resolver's status (docs/product/routes-and-roles.md#admin)", () => {
  it('is shown to admins', () => {
    expect(canSeeResolverStatus({ role: 'admin' })).toBe(true);
  });

  it('is refused to listeners, curators and editors', () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect(canSeeResolverStatus({ role })).toBe(false);
    }
  });
});
