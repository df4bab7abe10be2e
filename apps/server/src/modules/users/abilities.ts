import { accessAllows, type Endpoint, endpoints, type Role, type UserAbilities } from '@josie/contract';

/**
 * The endpoints of the contract's table each ability stands for (docs/product/routes-and-roles.md#roles): a
 * user has the ability when every one of them admits the user's role, so an ability cannot disagree with the
 * access policy the server enforces. `chooseStyle` has no endpoint of its own: the font and colour dress the
 * josies one creates, and the preferences service refuses them to anyone who may not create one
 * (docs/product/rules-and-limits.md#account-images).
 */
export const ABILITY_ENDPOINTS: { readonly [A in keyof UserAbilities]: readonly Endpoint[] } = {
  createJosie: [endpoints.createJosie, endpoints.myJosies],
  invite: [endpoints.myInvites, endpoints.createInvite],
  review: [endpoints.pendingJosies, endpoints.approveJosie, endpoints.rejectJosie],
  administer: Object.values(endpoints).filter((endpoint) => endpoint.path.startsWith('/api/admin/')),
  setHeaderImage: [endpoints.uploadHeaderImage],
  chooseStyle: [endpoints.createJosie],
};

/**
 * What a signed-in user of `role` may do, as the `User` answer carries it
 * (docs/decisions/0015-endpoints-in-the-contract.md): each ability is true exactly when every endpoint of
 * {@link ABILITY_ENDPOINTS} admits the role. Pure; the web acts on the answer instead of the role.
 */
export function userAbilities(role: Role): UserAbilities {
  const may = (list: readonly Endpoint[]) => list.every((endpoint) => accessAllows(endpoint.access, role));
  return {
    createJosie: may(ABILITY_ENDPOINTS.createJosie),
    invite: may(ABILITY_ENDPOINTS.invite),
    review: may(ABILITY_ENDPOINTS.review),
    administer: may(ABILITY_ENDPOINTS.administer),
    setHeaderImage: may(ABILITY_ENDPOINTS.setHeaderImage),
    chooseStyle: may(ABILITY_ENDPOINTS.chooseStyle),
  };
}
