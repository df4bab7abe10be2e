import type { Role, UserAbilities } from '@josie/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferencesAnswer } from './features/feed/fixtures';
import { abilitiesOfRole } from './session/abilities';
import { json, type StubRoute } from './test/fetchStub';
import { makeSession } from './test/fixtures';
import { renderApp } from './test/renderApp';

const JOSIE_ID = '0190a0b0-0000-7000-8000-000000000009';
const emptyFeed = () => json(200, { data: { posts: [], hasMore: false, nextCursor: null } });
const josie = {
  _id: JOSIE_ID,
  title: 'A josie',
  text: '',
  status: 'pending',
  schemaVersion: 2,
  paragraphs: [],
  // Created by the signed-in user of `makeSession`, so the curator may edit it.
  creator: {
    _id: '0190a0b0-0000-7000-8000-000000000001',
    name: 'Curator',
    avatar: null,
    preferences: { myColor: '#ff69b4', myFont: '' },
  },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  publishedAt: null,
  rejectionReason: null,
  reviews: [],
  likeCount: 0,
  likedByMe: false,
  savedByMe: false,
  abilities: { edit: true, review: false, delete: true, seeReviews: true },
};

/** What the real pages behind these routes load; the guard tests only care that the route resolves. */
const pageRoutes: StubRoute[] = [
  { method: 'GET', path: `/api/josies/${JOSIE_ID}`, reply: () => json(200, josie) },
  { method: 'GET', path: '/api/josies/pending', reply: () => json(200, { data: { posts: [] } }) },
  { method: 'GET', path: '/api/josies/feed', reply: emptyFeed },
  { method: 'GET', path: '/api/josies/saved', reply: emptyFeed },
  { method: 'GET', path: '/api/josies/my-josies', reply: () => json(200, { data: { posts: [] } }) },
  {
    method: 'GET',
    path: '/api/users/me/onboarding',
    reply: () => json(200, { onboarding: { completed: false, step: 1 } }),
  },
  { method: 'GET', path: '/api/users/curators/feed', reply: () => json(200, { curators: [] }) },
  { method: 'GET', path: '/api/users/me/preferences', reply: () => json(200, preferencesAnswer()) },
  {
    method: 'GET',
    path: '/api/ai/providers',
    reply: () => json(200, { data: [{ name: 'openai', available: false }] }),
  },
  { method: 'GET', path: '/api/admin/templates', reply: () => json(200, { templates: [] }) },
  {
    method: 'GET',
    path: '/api/admin/stats',
    reply: () =>
      json(200, {
        totalListeners: 0,
        totalCurators: 0,
        popularCurator: null,
        series: { days: [], signups: [], josiesPublished: [], approvals: [], rejections: [], pageViews: [] },
      }),
  },
];

describe('route guards (docs/product/differences.md#guards)', () => {
  it('sends a visitor on a guarded route to /login and back there after signing in', async () => {
    const curator = makeSession('curator');
    const { router, user, stub } = renderApp('/my-josies?sort=title', {
      routes: [{ method: 'POST', path: '/api/auth/login', reply: () => json(200, curator) }, ...pageRoutes],
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email'), 'Curator1@Demo.Josie ');
    await user.type(screen.getByLabelText('Password'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
    expect(router.state.location.search).toBe('?sort=title');
    expect(stub.calls('POST', '/api/auth/login')[0]?.body).toEqual({
      email: 'curator1@demo.josie',
      password: 'demo-password',
    });
  });

  it.each([
    ['listener', '/my-josies'],
    ['listener', '/josie/new'],
    ['editor', '/josie/new'],
    ['curator', '/editor/dashboard'],
    ['curator', '/admin/dashboard'],
    ['editor', '/admin/users/0190a0b0-0000-7000-8000-000000000009'],
  ] as const)('sends a %s on %s to /unauthorized', async (role, path) => {
    const { router } = renderApp(path, { session: makeSession(role), routes: pageRoutes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized access' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it.each(['listener', 'editor', 'admin'] as const)(
    'sends a %s on /invites home, as docs/product/routes-and-roles.md#guards says of that route',
    async (role) => {
      const { router } = renderApp('/invites', { session: makeSession(role), routes: pageRoutes });
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/invites'));
      // Home then sends an admin or an editor on to their dashboard
      // (docs/product/routes-and-roles.md#guards).
      const home = { listener: '/', editor: '/editor/dashboard', admin: '/admin/dashboard' }[role];
      await waitFor(() => expect(router.state.location.pathname).toBe(home));
      expect(screen.queryByRole('heading', { name: 'Unauthorized access' })).not.toBeInTheDocument();
    },
  );

  it.each([
    ['curator', '/josie/edit/0190a0b0-0000-7000-8000-000000000009'],
    ['editor', '/josie/edit/0190a0b0-0000-7000-8000-000000000009'],
    ['admin', '/josie/edit/0190a0b0-0000-7000-8000-000000000009'],
    ['editor', '/editor/dashboard'],
    ['admin', '/editor/dashboard'],
    ['admin', '/admin/system'],
    ['listener', '/account'],
    ['listener', '/saved'],
  ] as const)('lets a %s open %s', async (role, path) => {
    const { router } = renderApp(path, { session: makeSession(role), routes: pageRoutes });
    // The route resolved without a redirect and its page rendered. A page's first load (its chunk, and the
    // later English areas) may take longer than a findBy's default second on a busy machine.
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('sends /admin to the admin dashboard', async () => {
    // The dashboard's own reads are answered: once redirected, its page may load and read before the test
    // ends.
    const { router } = renderApp('/admin', { session: makeSession('admin'), routes: pageRoutes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });
});

/** A session of `role` whose abilities, as the server answered them, differ from the role's in `changes`. */
const sessionWith = (role: Role, changes: Partial<UserAbilities>) =>
  makeSession(role, { abilities: { ...abilitiesOfRole(role), ...changes } });

describe('guards act on the abilities of the answer, not on the role (docs/decisions/0015-endpoints-in-the-contract.md)', () => {
  it.each([
    ['editor', '/editor/dashboard', { review: false }],
    ['admin', '/admin/dashboard', { administer: false }],
    ['curator', '/my-josies', { createJosie: false }],
    ['curator', '/josie/new', { createJosie: false }],
    ['curator', '/josie/edit/0190a0b0-0000-7000-8000-000000000009', { createJosie: false }],
  ] as const)('sends a %s on %s to /unauthorized when its abilities say no', async (role, path, changes) => {
    const { router } = renderApp(path, { session: sessionWith(role, changes), routes: pageRoutes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('sends a curator whose abilities say no invite from /invites home', async () => {
    const { router } = renderApp('/invites', {
      session: sessionWith('curator', { invite: false }),
      routes: pageRoutes,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['listener', '/editor/dashboard', { review: true }],
    ['listener', '/admin/system', { administer: true }],
    ['editor', '/josie/new', { createJosie: true }],
  ] as const)('lets a %s open %s when its abilities say yes', async (role, path, changes) => {
    const { router } = renderApp(path, { session: sessionWith(role, changes), routes: pageRoutes });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    ['listener', { administer: true }, '/admin/dashboard'],
    ['listener', { review: true }, '/editor/dashboard'],
  ] as const)('sends a %s with %o from / to %s', async (role, changes, target) => {
    const { router } = renderApp('/', { session: sessionWith(role, changes), routes: pageRoutes });
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it('keeps an admin whose abilities neither administer nor review on the home feed', async () => {
    const session = sessionWith('admin', { administer: false, review: false });
    const { router } = renderApp('/', { session, routes: pageRoutes });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('home route by role (docs/product/routes-and-roles.md#guards)', () => {
  it('shows visitors the public home page with a call-to-action to /signup', async () => {
    renderApp('/');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Music, curated by people you trust' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['editor', '/editor/dashboard'],
  ] as const)('redirects an %s from / to %s', async (role, target) => {
    const { router } = renderApp('/', { session: makeSession(role), routes: pageRoutes });
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it.each(['listener', 'curator'] as const)(
    'sends a %s who has not finished onboarding to /onboarding',
    async (role) => {
      const { router } = renderApp('/', {
        session: makeSession(role, { onboarding: { completed: false, step: 1 } }),
        routes: pageRoutes,
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    },
  );

  it('keeps a listener who finished onboarding on the home feed', async () => {
    const { router } = renderApp('/', { session: makeSession('listener'), routes: pageRoutes });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user away from /login and /signup', async () => {
    const { router } = renderApp('/signup', { session: makeSession('listener'), routes: pageRoutes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('other routes', () => {
  it('answers unknown paths with the 404 page and a back-home link', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('shows the shared 401 page on /auth/error', async () => {
    renderApp('/auth/error');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized access' })).toBeInTheDocument();
  });

  it('renders /josie/:id outside the header layout and without a login guard', async () => {
    const { router } = renderApp(`/josie/${JOSIE_ID}`, {
      routes: [
        {
          method: 'GET',
          path: `/api/josies/${JOSIE_ID}`,
          reply: () => json(200, { ...josie, status: 'published' }),
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'A josie' })).toBeInTheDocument();
    // Outside the shared layout: its own top bar with the menu (docs/product/routes-and-roles.md#guards), but
    // no site footer.
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/josie/0190a0b0-0000-7000-8000-000000000009');
  });

  it('sets the document title from the route', async () => {
    renderApp('/about');
    await waitFor(() => expect(document.title).toBe('About · Josie'));
  });
});
