/**
 * The authorization matrix (docs/decisions/0005-security-and-reliability-checks.md;
 * docs/product/README.md#server-side-enforcement; decision 0002): every `/api` route of the live route table,
 * called as a visitor, a listener, the curator who owns the resources, another curator, an editor and an
 * admin. The route's declared policy predicts 401/403; ownership rules live in the services and are written
 * out below, route by route.
 */
import { endpoints, MEDIA_AUTHOR_ROLES, ROLES, type Role } from '@josie/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, authPlugin } from '../plugins/auth.js';
import { buildAuthHeaders, buildOwner, buildUserRow, type Owner, setFlag } from '../test/factories.js';
import { apiRoutes, type RouteEntry, routeKey } from '../test/routes.js';
import { createSecurityContext, expectCleanError, fillPath, type SecurityContext } from './fixtures.js';

type Caller = 'visitor' | 'listener' | 'owner' | 'curator' | 'editor' | 'admin';
/** Called in this order; `owner` is the curator who owns the josie, the invite and the user id in paths. */
const CALLERS: Caller[] = ['visitor', 'listener', 'curator', 'editor', 'owner', 'admin'];
const roleOf = (caller: Caller): Role | null =>
  caller === 'visitor' ? null : caller === 'owner' ? 'curator' : caller;

/**
 * Routes anyone may call, signed in or not. A new public route must be added here on purpose: the test
 * fails for a route that is public without being listed.
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'GET /api/auth/providers',
  'GET /api/auth/:provider',
  'GET /api/auth/:provider/callback',
  'POST /api/auth/exchange',
  'GET /api/config/flags',
  'POST /api/contact',
  'POST /api/newsletter',
  'POST /api/analytics/events',
  'GET /api/josies/:id',
  // oEmbed consumers are other sites' servers and browsers, without a session (docs/decisions/0043-embeds.md).
  'GET /api/oembed',
  'GET /api/users/curators/feed',
  // Search, for visitors too (docs/decisions/0021-search-in-postgresql.md), limited per address.
  'GET /api/search/josies',
  'GET /api/search/curators',
  'GET /api/preferences/options',
  'GET /api/invites/code/:code',
  'POST /api/users/reset-password/initiate',
  'POST /api/users/reset-password/complete',
  // Mailed links (docs/decisions/0025-account-and-data.md): the token is the authorization, and the link may
  // be opened in a browser that is not signed in.
  'POST /api/users/verify-email',
  'POST /api/users/confirm-email',
  'GET /api/audio/supported-types/:provider',
  'POST /api/ai/generate',
  // The VAPID public key browsers need to subscribe to push; public by nature.
  'GET /api/push/public-key',
  // One-click unsubscribe links in emails: the token in the link is the authorization.
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
  // The web app's report of a page it could not show, sent by visitors too (decision 0012): logged only.
  'POST /api/client-errors',
  // Discovery: the explore page and its genre pages show published josies to visitors too (decision 0023).
  'GET /api/explore',
  'GET /api/explore/genres/:name',
  // A curator's profile, published josies and suggestions (decision 0045); a listener's profile answers a
  // visitor 404 (the service's rule, tested in users.test).
  'GET /api/users/:id',
  'GET /api/josies/curator/:curatorId/feed',
  'GET /api/recommendations/curators',
  // Share cards (decision 0044): the image a shared link previews with, fetched by other sites' crawlers.
  'GET /api/josies/:id/share-card/:card',
  'GET /api/users/:id/share-card/:card',
  // Comments on published josies and their replies, read by visitors too (docs/decisions/0046-comments.md).
  'GET /api/josies/:id/comments',
  'GET /api/comments/:id/replies',
]);

/**
 * Routes whose own rule replaces the declared policy. `POST /api/ai/generate` is declared public so that
 * its preValidation, not the generic guard, answers a visitor with docs/product/routes-and-roles.md#roles's
 * 'Authentication required'; it admits the media authors only.
 */
const OWN_POLICY: Record<string, Access> = {
  'POST /api/ai/generate': MEDIA_AUTHOR_ROLES,
};

/**
 * Valid bodies for the routes whose ownership rules sit behind validation: with a dummy body these would
 * stop at 400 and the rule would never be reached. Other routes get `{}` (POST/PUT/PATCH) or nothing. A
 * function builds the body from the owner of the turn.
 */
const BODIES: Record<string, unknown> = {
  // Blocking and muting the owner (decision 0048): anyone else may, the owner may not block themselves.
  'POST /api/blocks': (owner: Owner) => ({ userId: owner.id }),
  'POST /api/mutes': (owner: Owner) => ({ userId: owner.id }),
  // The owner's josie is new (version 1) for each caller whose write succeeded before.
  'PUT /api/josies/:id': {
    title: 'Edited',
    paragraphs: [{ type: 'text', content: 'Edited.' }],
    baseVersion: 1,
  },
  'PUT /api/josies/:id/reject': { rejectionReason: 'Not this week' },
  'PATCH /api/admin/users/:id': { role: 'editor' },
  'POST /api/josies/:id/comments': { text: 'A comment from the matrix' },
  'PATCH /api/comments/:id': { text: 'An edited comment' },
  'PUT /api/josies/:id/comment-policy': { policy: 'followers' },
  // Reports and moderation (decision 0047): a target that does not exist, so the rule after the guard is
  // reached without filing anything.
  'POST /api/reports': { targetType: 'josie', targetId: crypto.randomUUID(), reason: 'spam' },
  'POST /api/moderation/actions': { targetType: 'account', targetId: crypto.randomUUID(), action: 'dismiss' },
};

/**
 * The expected answers where ownership decides (services, not the guard). The owner's josie is pending
 * review, so only its creator and the reviewers see it; everyone else gets the 404 of an unknown id.
 * Callers not named here fall back to the generic rule (never 401/403 when the policy admits them).
 */
/** The body of route `key` for the owner of the turn ({@link BODIES}). */
function bodyFor(key: string, owner: Owner): object {
  const body = BODIES[key] ?? {};
  return (typeof body === 'function' ? body(owner) : body) as object;
}

/** The same answer for every caller. */
const forEveryone = (status: number): Record<Caller, number> => ({
  visitor: status,
  listener: status,
  curator: status,
  owner: status,
  editor: status,
  admin: status,
});

const EXPECTED: Record<string, Partial<Record<Caller, number>>> = {
  // A pending josie: the creator and the reviewers read it, everyone else gets the unknown-id 404.
  'GET /api/josies/:id': { visitor: 404, listener: 404, curator: 404, owner: 200, editor: 200, admin: 200 },
  // The creator edits any of theirs; a reviewer edits a pending one
  // (docs/product/differences.md#editors-may-edit); others cannot see it.
  'PUT /api/josies/:id': { listener: 404, curator: 404, owner: 200, editor: 200, admin: 200 },
  // Only the creator deletes; reviewers see it but are refused.
  'DELETE /api/josies/:id': { listener: 404, curator: 404, owner: 200, editor: 403, admin: 403 },
  'PUT /api/josies/:id/approve': { editor: 200, admin: 200 },
  'PUT /api/josies/:id/reject': { editor: 200, admin: 200 },
  // Likes and saves are for published josies: a pending one is "not found" for everyone.
  'POST /api/josies/:id/like': { listener: 404, curator: 404, owner: 404, editor: 404, admin: 404 },
  'POST /api/josies/:id/save': { listener: 404, curator: 404, owner: 404, editor: 404, admin: 404 },
  // Only the invite's creator disables it, admins included.
  'POST /api/invites/:id/disable': { listener: 403, curator: 403, owner: 200, editor: 403, admin: 403 },
  // Anyone signed in accepts another curator's invite; the creator cannot accept their own (400).
  'POST /api/invites/code/:code/register': {
    listener: 200,
    curator: 200,
    owner: 400,
    editor: 200,
    admin: 200,
  },
  'GET /api/invites/code/:code': forEveryone(200),
  // Following oneself is refused (400); anyone else may follow the curator.
  'POST /api/users/follow/:id': { listener: 200, curator: 200, owner: 400, editor: 200, admin: 200 },
  'GET /api/users/:id': forEveryone(200),
  // Comments (decision 0046; the flag is on here). The owner's josie is pending: no comments for anyone.
  'GET /api/josies/:id/comments': forEveryone(404),
  'POST /api/josies/:id/comments': { listener: 404, curator: 404, owner: 404, editor: 404, admin: 404 },
  // Its creator chooses the policy; another curator cannot see the pending josie, reviewers see it but may not.
  'PUT /api/josies/:id/comment-policy': { curator: 404, owner: 200, editor: 403, admin: 403 },
  // The owner's comment on a published josie of someone else: anyone reads its replies, its author edits it,
  // and its author or a reviewer deletes it (the josie's creator too, in comments.test).
  'GET /api/comments/:id/replies': forEveryone(200),
  'PATCH /api/comments/:id': { listener: 403, curator: 403, owner: 200, editor: 403, admin: 403 },
  'DELETE /api/comments/:id': { listener: 403, curator: 403, owner: 200, editor: 200, admin: 200 },
  // Reports (decision 0047): anyone signed in reports; an unknown target is 404. The queue and its actions
  // are the reviewers'; an action on a target without open reports is 404 NO_OPEN_REPORTS.
  'POST /api/reports': { listener: 404, curator: 404, owner: 404, editor: 404, admin: 404 },
  'GET /api/moderation/reports': { editor: 200, admin: 200 },
  'POST /api/moderation/actions': { editor: 404, admin: 404 },
  // Suspensions are the admins': without a reason the suspension is refused (400), so the owner, whose
  // session later rows use, is never signed out here; lifting a suspension that is not there is 409.
  'POST /api/admin/users/:id/suspension': { admin: 400 },
  'DELETE /api/admin/users/:id/suspension': { admin: 409 },
  // Blocks and mutes of the owner (decision 0048): anyone else blocks, mutes and undoes either (200, also
  // when nothing was there); the owner is refused their own (400 SELF_BLOCK).
  'POST /api/blocks': { listener: 200, curator: 200, owner: 400, editor: 200, admin: 200 },
  'DELETE /api/blocks/:id': { listener: 200, curator: 200, owner: 400, editor: 200, admin: 200 },
  'POST /api/mutes': { listener: 200, curator: 200, owner: 400, editor: 200, admin: 200 },
  'DELETE /api/mutes/:id': { listener: 200, curator: 200, owner: 400, editor: 200, admin: 200 },
  // The studio (decision 0050; the flag is on here): a josie's page for its creator and admins only (another
  // curator's or an editor's read of someone else's is 403). Someone else's whole studio by `curatorId`, in
  // studio.test.
  'GET /api/studio/josies/:id': { curator: 403, owner: 200, editor: 403, admin: 200 },
  'GET /api/admin/users/:id': { admin: 200 },
  'PATCH /api/admin/users/:id': { admin: 200 },
  'DELETE /api/admin/users/:id': { admin: 200 },
};

/** Whether `access` admits `role` (null: a visitor). */
function admits(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  return access === 'authenticated' || access.includes(role);
}

/** The path of `route` aimed at the owner's resources; other parameters get a random UUID. */
function pathFor(route: RouteEntry, owner: Owner): string {
  const values: Record<string, string> = {};
  for (const name of route.params) {
    if (name === 'code') values[name] = owner.inviteCode;
    else if (name === 'table') values[name] = 'josies';
    else if (name === 'curatorId') values[name] = owner.id;
    else if (name !== 'id') values[name] = crypto.randomUUID();
    else if (route.url.startsWith('/api/josies/:id')) values[name] = owner.josieId;
    else if (route.url.startsWith('/api/invites/:id')) values[name] = owner.inviteId;
    else if (route.url.startsWith('/api/comments/:id')) values[name] = owner.commentId;
    else if (route.url.startsWith('/api/studio/josies/:id')) values[name] = owner.josieId;
    else if (/^\/api\/(users|admin\/users|blocks|mutes)\//.test(route.url)) values[name] = owner.id;
    else values[name] = crypto.randomUUID();
  }
  return fillPath(route.url, values);
}

describe('authorization matrix', () => {
  let ctx: SecurityContext;
  let routes: RouteEntry[];
  const others: Partial<Record<Caller, string>> = {};

  beforeAll(async () => {
    ctx = await createSecurityContext();
    routes = apiRoutes(ctx.routes);
    // Comments answer 404 FEATURE_DISABLED while their flag is off: on here, so their rules are reached.
    await setFlag(ctx, 'comments', 'true');
    // The studio too (decision 0050).
    await setFlag(ctx, 'studio', 'true');
    for (const caller of ['listener', 'curator', 'editor', 'admin'] as const) {
      others[caller] = (await buildUserRow(ctx, { role: caller })).id;
    }
  });
  afterAll(() => ctx.close());

  it('finds a declared, well-formed policy on every /api route', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const access = route.access;
      const valid =
        access === 'public' ||
        access === 'authenticated' ||
        (Array.isArray(access) &&
          access.length > 0 &&
          access.every((r) => (ROLES as readonly string[]).includes(r)));
      expect(valid, `${routeKey(route)} declares ${JSON.stringify(access)}`).toBe(true);
    }
  });

  it("registers exactly the contract's endpoint table, each route with the table's access (decision 0015)", () => {
    const live = Object.fromEntries(routes.map((r) => [routeKey(r), r.access]));
    const table = Object.fromEntries(
      Object.values(endpoints).map((e) => [routeKey({ method: e.method, url: e.path }), e.access]),
    );
    expect(live).toEqual(table);
  });

  it('refuses to start with an /api route that declares no policy', async () => {
    const app = Fastify();
    await app.register(authPlugin, { resolveToken: async () => null });
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow(
      'Route GET /api/forgotten declares no access policy',
    );
    // A policy makes the same route acceptable.
    app.get('/api/remembered', { config: { access: 'public' } }, async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ url: '/api/remembered' })).statusCode).toBe(200);
    await app.close();
  });

  it('lists every public route on purpose', () => {
    const publicRoutes = routes.filter((r) => r.access === 'public').map(routeKey);
    expect(publicRoutes.filter((key) => !PUBLIC_ROUTES.has(key))).toEqual([]);
    expect([...PUBLIC_ROUTES].filter((key) => !publicRoutes.includes(key))).toEqual([]);
  });

  it('takes the session cookie for no credential: every route that needs one refuses it (decision 0008)', async () => {
    // An admin's page cookie, as GET /api/users/me gives it back.
    const me = await ctx.app.inject({
      url: '/api/users/me',
      headers: await buildAuthHeaders(ctx, others.admin!),
    });
    const cookie = String(me.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^josie_session=[\w-]+\.[\w-]+\.[\w-]+$/);
    const owner = await buildOwner(ctx);
    const failures: string[] = [];
    for (const route of routes) {
      if (route.access === 'public') continue;
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const res = await ctx.app.inject({
        method: route.method,
        url: pathFor(route, owner),
        headers: { cookie },
        ...(hasBody ? { payload: bodyFor(routeKey(route), owner) } : {}),
      });
      if (res.statusCode !== 401) failures.push(`${routeKey(route)} with the cookie: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers every route as its policy and ownership rules say, for every caller', async () => {
    const keys = new Set(routes.map(routeKey));
    // A rule for a route that no longer exists is a stale table, not a pass.
    for (const key of [...Object.keys(EXPECTED), ...Object.keys(BODIES), ...Object.keys(OWN_POLICY)]) {
      expect(keys.has(key), `${key} is not in the route table`).toBe(true);
    }

    const failures: string[] = [];
    let owner = await buildOwner(ctx);
    for (const route of routes) {
      const key = routeKey(route);
      const access = OWN_POLICY[key] ?? route.access!;
      const expected = EXPECTED[key] ?? {};
      const mutating = route.method !== 'GET';
      for (const caller of CALLERS) {
        const role = roleOf(caller);
        const callerId = caller === 'visitor' ? null : caller === 'owner' ? owner.id : others[caller]!;
        const headers = callerId ? await buildAuthHeaders(ctx, callerId) : {};
        const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
        const res = await ctx.app.inject({
          method: route.method,
          url: pathFor(route, owner),
          headers,
          ...(hasBody ? { payload: bodyFor(key, owner) } : {}),
        });
        const status = res.statusCode;
        const admitted = admits(access, role);
        const want = expected[caller] ?? (admitted ? null : role === null ? 401 : 403);
        if (want !== null && status !== want) {
          failures.push(`${key} as ${caller}: ${status}, expected ${want} (${res.body.slice(0, 120)})`);
        } else if (want === null && (status === 401 || status === 403)) {
          failures.push(`${key} as ${caller}: ${status} although the policy admits ${caller}`);
        }
        if (status === 500 || status > 503) failures.push(`${key} as ${caller}: ${status} ${res.body}`);
        if (status >= 400) expectCleanError(res);
        // A successful write may have used the owner's josie or invite up: the next caller gets new ones.
        if (mutating && status < 300) owner = await buildOwner(ctx);
      }
    }
    expect(failures).toEqual([]);
    // Every route times every caller, one after the other, over a hundred routes: longer than one request's
    // test on a loaded 2-core machine (the account's data routes, decision 0025, took it past 30 s).
  }, 120_000);
});
