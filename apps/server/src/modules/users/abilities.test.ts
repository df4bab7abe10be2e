/**
 * The signed-in user's abilities (docs/decisions/0015-endpoints-in-the-contract.md) against the access
 * policies of the endpoints they stand for (docs/decisions/0002-route-access-policies.md), for every role:
 * first as declared in the contract's endpoint table, then as the live server answers.
 */
import {
  accessAllows,
  type Endpoint,
  endpoints,
  fillPath,
  ROLES,
  type Role,
  User,
  type UserAbilities,
} from '@josie/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web app's one copy of the rules, for sessions stored before the answer carried abilities.
import { abilitiesOfRole } from '../../../../web/src/session/abilities.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ABILITY_ENDPOINTS, userAbilities } from './abilities.js';

const all = Object.values(endpoints) as Endpoint[];
const byTag = (tag: string) => all.filter((endpoint) => endpoint.tags.includes(tag));
const allows = (list: readonly Endpoint[], role: Role) =>
  list.length > 0 && list.every((endpoint) => accessAllows(endpoint.access, role));

describe('userAbilities (docs/product/routes-and-roles.md#roles)', () => {
  it.each(ROLES)('gives a %s exactly what the endpoint table admits', (role) => {
    // Chosen here by tag and by name, apart from ABILITY_ENDPOINTS, so a wrong list there shows.
    expect(userAbilities(role)).toEqual({
      createJosie: allows([endpoints.createJosie, endpoints.myJosies], role),
      invite: allows([endpoints.myInvites, endpoints.createInvite], role),
      review: allows(byTag('review'), role),
      administer: allows(byTag('admin'), role),
      setHeaderImage: allows([endpoints.uploadHeaderImage], role),
      chooseStyle: allows([endpoints.createJosie], role),
    });
  });

  it.each(ROLES)("matches the web app's fallback for a stored %s without abilities", (role) => {
    expect(abilitiesOfRole(role)).toEqual(userAbilities(role));
  });

  it('answers the product rules of each role', () => {
    const none = {
      createJosie: false,
      invite: false,
      review: false,
      administer: false,
      setHeaderImage: false,
      chooseStyle: false,
    };
    expect(userAbilities('listener')).toEqual(none);
    expect(userAbilities('curator')).toEqual({
      ...none,
      createJosie: true,
      invite: true,
      setHeaderImage: true,
      chooseStyle: true,
    });
    expect(userAbilities('editor')).toEqual({ ...none, review: true, setHeaderImage: true });
    expect(userAbilities('admin')).toEqual({ ...none, review: true, administer: true, setHeaderImage: true });
  });

  it('stands every ability for at least one endpoint, and the admin area for every /api/admin endpoint', () => {
    for (const list of Object.values(ABILITY_ENDPOINTS)) expect(list.length).toBeGreaterThan(0);
    const adminPaths = all.filter((endpoint) => endpoint.path.startsWith('/api/admin/'));
    expect(ABILITY_ENDPOINTS.administer).toEqual(adminPaths);
    expect(byTag('admin')).toEqual(adminPaths);
  });
});

describe('the User answer carries the abilities the live routes enforce', () => {
  let ctx: TestContext;
  const people = new Map<Role, TestUser>();

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ROLES) people.set(role, await buildUser(ctx, { role }));
  });
  afterAll(() => ctx.close());

  const call = (endpoint: Endpoint, user: TestUser, payload?: object) =>
    ctx.app.inject({
      method: endpoint.method,
      url: fillPath(endpoint.path, { id: '0190a0b0-0000-7000-8000-00000000ffff', key: 'x' }),
      headers: user.auth,
      ...(payload ? { payload } : {}),
    });

  it.each(ROLES)('GET /api/users/me and login answer a %s the abilities of its role', async (role) => {
    const user = people.get(role)!;
    const me = await ctx.app.inject({ url: '/api/users/me', headers: user.auth });
    expect(me.statusCode).toBe(200);
    expect(User.parse(me.json()).abilities).toEqual(userAbilities(role));
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(User.parse(login.json().user).abilities).toEqual(userAbilities(role));
  });

  it.each(ROLES)('refuses a %s (403) exactly the endpoints of the abilities it lacks', async (role) => {
    const user = people.get(role)!;
    const abilities = userAbilities(role);
    const disagreements: string[] = [];
    for (const [ability, list] of Object.entries(ABILITY_ENDPOINTS)) {
      if (ability === 'chooseStyle') continue;
      for (const endpoint of list) {
        const status = (await call(endpoint, user, endpoint.method === 'GET' ? undefined : {})).statusCode;
        const may = abilities[ability as keyof UserAbilities];
        if ((status === 403) === may)
          disagreements.push(`${ability}: ${endpoint.method} ${endpoint.path} ${status}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it.each(ROLES)('lets a %s choose a font exactly when chooseStyle says so', async (role) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences',
      headers: people.get(role)!.auth,
      payload: { genres: [], interests: [], myFont: 'Anton' },
    });
    expect(res.statusCode).toBe(userAbilities(role).chooseStyle ? 200 : 403);
  });
});
