import type { Role, User, UserAbilities } from '@josie/contract';

const ABILITY_KEYS = [
  'createJosie',
  'invite',
  'review',
  'administer',
  'setHeaderImage',
  'chooseStyle',
] as const satisfies readonly (keyof UserAbilities)[];

/**
 * The abilities of `role` for a session stored by an older build, whose user has none: the server's rules
 * (apps/server/src/modules/users/abilities.ts, docs/product/routes-and-roles.md#roles) written out once, so
 * that a returning user's guards and menu work before `GET /api/users/me` answers; that answer, with the
 * server's own abilities, then replaces them. The only place the web derives what a user may do from a role;
 * the server's abilities test checks it against the server's rules for every role.
 */
export function abilitiesOfRole(role: Role): UserAbilities {
  const curator = role === 'curator';
  const reviewer = role === 'editor' || role === 'admin';
  return {
    createJosie: curator,
    invite: curator,
    review: reviewer,
    administer: role === 'admin',
    setHeaderImage: curator || reviewer,
    chooseStyle: curator,
  };
}

/** Whether a stored value is a complete abilities object: every ability a boolean. */
function isAbilities(value: unknown): value is UserAbilities {
  if (typeof value !== 'object' || value === null) return false;
  const abilities = value as Record<string, unknown>;
  return ABILITY_KEYS.every((key) => typeof abilities[key] === 'boolean');
}

/**
 * `user` as stored, with its abilities: the server's when the stored user carries a complete set, else
 * {@link abilitiesOfRole} (a session stored before the answer carried abilities, or a damaged set).
 */
export function withAbilities(user: Omit<User, 'abilities'> & { abilities?: unknown }): User {
  return isAbilities(user.abilities) ? (user as User) : { ...user, abilities: abilitiesOfRole(user.role) };
}
