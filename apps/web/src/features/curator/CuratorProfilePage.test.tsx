import type { CuratorRecommendation, PublicProfile } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '../../session/storage';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { CURATOR_ID, feedPage, makeJosie, preferencesAnswer } from '../feed/fixtures';

const profile: PublicProfile = {
  _id: CURATOR_ID,
  id: CURATOR_ID,
  name: 'Noa Curates',
  avatar: null,
  headerImage: null,
  bio: 'Late-night jazz and more.',
  role: 'curator',
  preferences: { myFont: 'Anton', myColor: '#FF3D8E' },
  postsCount: 1,
  followersCount: 7,
  followingCount: 0,
  isFollowing: false,
  isBlocked: false,
};

function suggestion(n: number): CuratorRecommendation {
  const id = `0190a0b0-0000-7000-8000-0000000000b${n}`;
  return {
    _id: id,
    id,
    name: `Suggested ${n}`,
    avatar: null,
    font: '',
    color: '#87A9FF',
    bio: '',
    followersCount: n,
  };
}

function routes(overrides: StubRoute[] = []): StubRoute[] {
  return [
    ...overrides,
    { method: 'GET', path: `/api/users/${CURATOR_ID}`, reply: () => json(200, profile) },
    {
      method: 'GET',
      path: '/api/recommendations/curators',
      reply: () => json(200, { recommendations: [suggestion(1), suggestion(2), suggestion(3)] }),
    },
    {
      method: 'GET',
      path: `/api/josies/curator/${CURATOR_ID}/feed`,
      reply: () => json(200, feedPage([makeJosie(1)])),
    },
    { method: 'GET', path: '/api/users/me/preferences', reply: () => json(200, preferencesAnswer()) },
  ];
}

const path = `/curator/${CURATOR_ID}`;

// The page's first render loads the feed, the report dialog and the block button's modules: cold, in a
// suite that shares the machine with typecheck and lint, that outlasts Vitest's 5 s default.
describe('curator profile (docs/product/routes-and-roles.md#curator-profile, docs/product/rules-and-limits.md#follows-and-recommendations, docs/product/messages.md#feed-and-curators)', {
  timeout: 20_000,
}, () => {
  it('shows the curator, suggestions and latest posts, and follows and unfollows', async () => {
    const { user, stub } = renderApp(path, {
      session: makeSession('listener'),
      routes: routes([
        {
          method: 'POST',
          path: `/api/users/follow/${CURATOR_ID}`,
          reply: () => json(200, { success: true, following: [CURATOR_ID] }),
        },
        {
          method: 'POST',
          path: `/api/users/unfollow/${CURATOR_ID}`,
          reply: () => json(200, { success: true, following: [] }),
        },
      ]),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Noa Curates' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Curator').length).toBeGreaterThan(0);
    expect(screen.getByText('7 followers')).toBeInTheDocument();
    expect(screen.getByText('Late-night jazz and more.')).toBeInTheDocument();
    // The curator's Atom feed (decision 0042): a plain link to the server's document.
    const feed = screen.getByRole('link', { name: 'Atom feed' });
    expect(feed).toHaveAttribute('href', `/curator/${CURATOR_ID}/feed.atom`);
    expect(feed).toHaveAttribute('type', 'application/atom+xml');

    const suggestions = await screen.findByRole('region', { name: 'You may also like' });
    const links = await within(suggestions).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      [1, 2, 3].map((n) => `/curator/${suggestion(n).id}`),
    );
    const query = stub.calls('GET', '/api/recommendations/curators')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({ limit: '3', strategy: 'random', exclude: CURATOR_ID });

    expect(screen.getByRole('heading', { level: 2, name: 'Latest Posts' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Josie number 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByText('8 followers')).toBeInTheDocument();
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.following).toEqual([CURATOR_ID]);

    await user.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByText('7 followers')).toBeInTheDocument();
    const after = readStoredSession();
    expect(after.status === 'valid' && after.session.user.following).toEqual([]);
  });

  it("offers the curator's feed in Hebrew to a Hebrew reader", async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    renderApp(path, {
      session: makeSession('listener'),
      flags: { language_select: 'true' },
      routes: routes(),
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    await screen.findByRole('heading', { level: 1, name: 'Noa Curates' }, { timeout: 5000 });
    await screen.findByRole('article', { name: 'Josie number 1' });
    const feed = screen.getByRole('link', { name: 'פיד Atom' });
    expect(feed).toHaveAttribute('href', `/curator/${CURATOR_ID}/feed.atom`);
    expect(feed).toHaveAttribute('title', 'לעקוב אחרי הג׳וזיז של האוצר בקורא פידים');
  });

  it('hides the follow toggle on your own profile', async () => {
    renderApp(path, { session: makeSession('curator', { id: CURATOR_ID }), routes: routes() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Noa Curates' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Josie number 1' });
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Following' })).not.toBeInTheDocument();
  });

  it("shows the server's message, else 'Curator not found'", async () => {
    renderApp(path, {
      session: makeSession('listener'),
      routes: routes([
        {
          method: 'GET',
          path: `/api/users/${CURATOR_ID}`,
          reply: () => json(404, { message: 'User not found', code: 'NOT_FOUND' }),
        },
      ]),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Curator not found');
    expect(alert).toHaveTextContent('Curator not found');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('treats a user who is not a curator as not found', async () => {
    renderApp(path, {
      session: makeSession('listener'),
      routes: routes([
        {
          method: 'GET',
          path: `/api/users/${CURATOR_ID}`,
          reply: () => json(200, { ...profile, role: 'listener' }),
        },
      ]),
    });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Curator not found');
  });

  it('says so when suggestions fail or there are none', async () => {
    renderApp(path, {
      session: makeSession('listener'),
      routes: routes([
        {
          method: 'GET',
          path: '/api/recommendations/curators',
          reply: () => json(500, { message: 'x', code: 'X' }),
        },
      ]),
    });
    expect(
      await screen.findByText('Error loading recommendations', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('says when no curator can be suggested', async () => {
    renderApp(path, {
      session: makeSession('listener'),
      routes: routes([
        {
          method: 'GET',
          path: '/api/recommendations/curators',
          reply: () => json(200, { recommendations: [] }),
        },
      ]),
    });
    expect(
      await screen.findByText('No curator recommendations available at this time', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('curator profile without a session', () => {
  // The page is public (docs/decisions/0045-public-curator-profiles.md).
  it('shows a visitor the profile, its suggestions and posts, and a way to log in and follow', async () => {
    const { user } = renderApp(path, { routes: routes() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Noa Curates' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Josie number 1' })).toBeInTheDocument();
    const suggestions = await screen.findByRole('region', { name: 'You may also like' });
    expect(await within(suggestions).findAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Log in to follow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });
});

describe('Block / Unblock on a curator profile (docs/decisions/0048-blocking-and-muting.md)', () => {
  it('blocks after a confirmation, unblocks at once, and says why a follow is refused', async () => {
    let blocked = false;
    const { user, stub } = renderApp(path, {
      session: makeSession('listener'),
      routes: routes([
        {
          method: 'GET',
          path: `/api/users/${CURATOR_ID}`,
          reply: () => json(200, { ...profile, isBlocked: blocked }),
        },
        {
          method: 'POST',
          path: '/api/blocks',
          reply: () => {
            blocked = true;
            return json(200, { data: { userId: CURATOR_ID, active: true } });
          },
        },
        {
          method: 'DELETE',
          path: `/api/blocks/${CURATOR_ID}`,
          reply: () => {
            blocked = false;
            return json(200, { data: { userId: CURATOR_ID, active: false } });
          },
        },
        {
          method: 'POST',
          path: `/api/users/follow/${CURATOR_ID}`,
          reply: () => json(403, { message: 'Server words', code: 'BLOCKED' }),
        },
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Block' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Noa Curates').tagName).toBe('BDI');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(stub.calls('POST', '/api/blocks')[0]?.body).toEqual({ userId: CURATOR_ID });

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(stub.calls('DELETE', `/api/blocks/${CURATOR_ID}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText("You can't follow this account.")).toBeInTheDocument();
    expect(screen.queryByText("You can't comment here.")).toBeNull();
  });

  it('offers a visitor no Block (one’s own profile hides it with the follow toggle)', async () => {
    renderApp(path, { routes: routes() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Noa Curates' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
  });
});
