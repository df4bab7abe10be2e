import type { CuratorRecommendation, User } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '../../session/storage';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { feedPage, preferencesAnswer } from '../feed/fixtures';

const newcomer = makeSession('listener', { onboarding: { completed: false, step: 1 }, following: [] });

const entries = (names: string[]) => names.map((name, i) => ({ _id: `id-${name}-${i}`, name }));
const options: StubRoute = {
  method: 'GET',
  path: '/api/preferences/options',
  reply: () =>
    json(200, {
      genres: entries(['Jazz', 'Pop', 'Rock', 'HipHop']),
      interests: entries(['Concerts', 'VinylCollection', 'Podcasts']),
    }),
};

function recommendation(n: number, name: string): CuratorRecommendation {
  const id = `0190a0b0-0000-7000-8000-0000000000a${n}`;
  return {
    _id: id,
    id,
    name,
    avatar: null,
    font: '',
    color: '#87A9FF',
    bio: `${name} digs records`,
    followersCount: n,
  };
}
const maya = recommendation(1, 'Maya');
const yoni = recommendation(2, 'Yoni');
const tal = recommendation(3, 'Tal');

/** The server side of a whole onboarding. */
function onboardingRoutes(overrides: StubRoute[] = []): StubRoute[] {
  return [
    ...overrides,
    options,
    {
      method: 'GET',
      path: '/api/users/me/onboarding',
      reply: () => json(200, { onboarding: { completed: false, step: 1 } }),
    },
    {
      method: 'GET',
      path: '/api/users/me/preferences',
      reply: () =>
        json(200, {
          success: true,
          preferences: { ...preferencesAnswer().preferences, genres: [], interests: [] },
        }),
    },
    {
      method: 'PUT',
      path: '/api/users/me/preferences',
      reply: (request) =>
        json(200, {
          success: true,
          preferences: { ...preferencesAnswer().preferences, ...(request.body as object) },
        }),
    },
    {
      method: 'GET',
      path: '/api/recommendations/curators',
      reply: () => json(200, { recommendations: [maya, yoni, tal] }),
    },
    {
      method: 'POST',
      path: /^\/api\/users\/follow\//,
      reply: (request) => json(200, { success: true, following: [request.path.split('/').at(-1)] }),
    },
    {
      method: 'PUT',
      path: '/api/users/me/onboarding',
      reply: (request) =>
        json(200, { onboarding: { completed: (request.body as { completed: boolean }).completed, step: 3 } }),
    },
    // Where completion lands: the home feed.
    { method: 'GET', path: '/api/users/curators/feed', reply: () => json(200, { curators: [] }) },
    { method: 'GET', path: '/api/josies/feed', reply: () => json(200, feedPage([])) },
  ];
}

function storedUser(): User | null {
  const state = readStoredSession();
  return state.status === 'valid' ? state.session.user : null;
}

describe('onboarding (docs/product/rules-and-limits.md#onboarding, docs/product/messages.md#sign-in-and-account)', () => {
  it('requires a genre and an interest, saves them moving to step 3, then completes with follows and skips', async () => {
    const { user, stub, router } = renderApp('/onboarding', {
      session: newcomer,
      routes: onboardingRoutes(),
    });

    expect(await screen.findByText('Step 1 of 3', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pick at least one genre to continue.');

    await user.click(screen.getByRole('button', { name: 'Jazz' }));
    await user.click(screen.getByRole('button', { name: 'Hip-Hop' }));
    expect(screen.getByRole('button', { name: 'Jazz' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pick at least one interest to continue.');
    // Leaving step 1 stored the genres and the step reached, so a reload comes back here.
    expect(stub.calls('PUT', '/api/users/me/preferences').map((r) => r.body)).toEqual([
      { genres: ['Jazz', 'HipHop'], interests: [] },
    ]);
    expect(stub.calls('PUT', '/api/users/me/onboarding').map((r) => r.body)).toEqual([
      { completed: false, step: 2 },
    ]);

    // Back keeps the choices.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Jazz' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Vinyl Collection' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(stub.calls('PUT', '/api/users/me/preferences').at(-1)?.body).toEqual({
      genres: ['Jazz', 'HipHop'],
      interests: ['VinylCollection'],
    });
    const query = stub.calls('GET', '/api/recommendations/curators')[0]?.url.searchParams;
    expect(query?.get('strategy')).toBe('genre');
    expect(query?.get('limit')).toBe('5');

    await user.click(await screen.findByRole('button', { name: 'Follow Maya' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Follow Maya' })).not.toBeInTheDocument(),
    );
    expect(storedUser()?.following).toEqual([maya.id]);
    await user.click(screen.getByRole('button', { name: 'Skip Yoni' }));
    expect(stub.calls('PUT', '/api/users/me/onboarding').map((r) => r.body)).toEqual([
      { completed: false, step: 2 },
      { completed: false, step: 3 },
    ]);
    await user.click(screen.getByRole('button', { name: 'Skip Tal' }));

    // The list is empty after actions: the completion step runs by itself.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stub.calls('PUT', '/api/users/me/onboarding').at(-1)?.body).toEqual({
      completed: true,
      step: 3,
      followed: [maya.id],
      skipped: [yoni.id, tal.id],
    });
    expect(storedUser()?.onboarding).toEqual({ completed: true, step: 3 });
    expect(storedUser()?.following).toEqual([maya.id]);
    expect(stub.calls('POST', `/api/users/follow/${maya.id}`)).toHaveLength(1);
  });

  it('skips the curator step and shows the errors of a failed save and a failed follow', async () => {
    const { user, stub, router } = renderApp('/onboarding', {
      session: makeSession('listener', {
        onboarding: { completed: false, step: 1 },
        preferences: { ...newcomer.user.preferences },
      }),
      routes: onboardingRoutes([
        {
          method: 'GET',
          path: '/api/users/me/preferences',
          reply: () =>
            json(200, {
              success: true,
              preferences: {
                ...preferencesAnswer().preferences,
                genres: ['pop'],
                interests: ['Podcasts', 'Gone'],
              },
            }),
        },
        {
          method: 'POST',
          path: /^\/api\/users\/follow\//,
          reply: () => json(500, { message: 'x', code: 'X' }),
        },
      ]),
    });
    // The current choices are preselected (in the live list's spelling, unknown ones dropped).
    const pop = await screen.findByRole('button', { name: 'Pop' }, { timeout: 5000 });
    expect(pop).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Podcasts' })).toHaveAttribute('aria-pressed', 'true');

    stub.use({
      method: 'PUT',
      path: '/api/users/me/preferences',
      reply: () => json(500, { message: 'x', code: 'X' }),
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not save your choices. Please try again.',
    );
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();

    stub.use({
      method: 'PUT',
      path: '/api/users/me/preferences',
      reply: (request) =>
        json(200, {
          success: true,
          preferences: { ...preferencesAnswer().preferences, ...(request.body as object) },
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(stub.calls('PUT', '/api/users/me/preferences').at(-1)?.body).toEqual({
      genres: ['Pop'],
      interests: ['Podcasts'],
    });

    await user.click(await screen.findByRole('button', { name: 'Follow Maya' }));
    expect(await screen.findByText('Could not follow this curator. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Maya' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stub.calls('PUT', '/api/users/me/onboarding').at(-1)?.body).toEqual({
      completed: true,
      step: 3,
      followed: [],
      skipped: [],
    });
  });

  it('sends a user who already completed it to /', async () => {
    const { router } = renderApp('/onboarding', {
      session: makeSession('listener'),
      routes: onboardingRoutes(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('trusts the server when it says onboarding is complete', async () => {
    const { router } = renderApp('/onboarding', {
      session: newcomer,
      routes: onboardingRoutes([
        {
          method: 'GET',
          path: '/api/users/me/onboarding',
          reply: () => json(200, { onboarding: { completed: true, step: 3 } }),
        },
      ]),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(storedUser()?.onboarding.completed).toBe(true);
  });

  it('asks on the first step, optionally, where the listener listens, and saves the answer at once', async () => {
    const { user, stub } = renderApp('/onboarding', {
      session: newcomer,
      routes: onboardingRoutes([
        {
          method: 'PUT',
          path: '/api/users/me/active-provider',
          reply: () => json(200, { user: { ...newcomer.user, activeProvider: 'google' } }),
        },
      ]),
    });
    const question = await screen.findByRole('group', { name: 'Where do you listen?' }, { timeout: 5000 });
    expect(within(question).getByRole('radio', { name: 'Spotify' })).toBeChecked();
    await user.click(within(question).getByRole('radio', { name: 'YouTube' }));
    await waitFor(() => expect(within(question).getByRole('radio', { name: 'YouTube' })).toBeChecked());
    expect(stub.calls('PUT', '/api/users/me/active-provider').map((r) => r.body)).toEqual([
      { activeProvider: 'google' },
    ]);
    // Optional: the step still asks only for a genre.
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('shows the progress of the three steps', async () => {
    renderApp('/onboarding', { session: newcomer, routes: onboardingRoutes() });
    const progress = await screen.findByRole('list', { name: 'Onboarding progress' }, { timeout: 5000 });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Genres', 'Interests', 'Curators']);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
  });

  it('resumes at the step reached after a reload (the server keeps the step and the choices so far)', async () => {
    // A server that remembers what the wizard stores.
    let onboarding = { completed: false, step: 1 };
    let chosen = { genres: [] as string[], interests: [] as string[] };
    const remembering: StubRoute[] = [
      { method: 'GET', path: '/api/users/me/onboarding', reply: () => json(200, { onboarding }) },
      {
        method: 'PUT',
        path: '/api/users/me/onboarding',
        reply: (request) => {
          const { completed, step } = request.body as typeof onboarding;
          onboarding = { completed, step };
          return json(200, { onboarding });
        },
      },
      {
        method: 'GET',
        path: '/api/users/me/preferences',
        reply: () =>
          json(200, { success: true, preferences: { ...preferencesAnswer().preferences, ...chosen } }),
      },
      {
        method: 'PUT',
        path: '/api/users/me/preferences',
        reply: (request) => {
          chosen = { ...chosen, ...(request.body as object) };
          return json(200, { success: true, preferences: { ...preferencesAnswer().preferences, ...chosen } });
        },
      },
    ];
    const first = renderApp('/onboarding', { session: newcomer, routes: onboardingRoutes(remembering) });
    await first.user.click(await screen.findByRole('button', { name: 'Jazz' }, { timeout: 5000 }));
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    first.unmount();

    const second = renderApp('/onboarding', { session: newcomer, routes: onboardingRoutes(remembering) });
    expect(await screen.findByText('Step 2 of 3', {}, { timeout: 5000 })).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Concerts' }));
    await second.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(chosen).toEqual({ genres: ['Jazz'], interests: ['Concerts'] });
    second.unmount();

    renderApp('/onboarding', { session: newcomer, routes: onboardingRoutes(remembering) });
    expect(await screen.findByText('Step 3 of 3', {}, { timeout: 5000 })).toBeInTheDocument();
    // Back still leads to the earlier steps, with the stored choices.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Concerts' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('does not resume past a step whose choices the server does not have', async () => {
    renderApp('/onboarding', {
      session: newcomer,
      routes: onboardingRoutes([
        {
          method: 'GET',
          path: '/api/users/me/onboarding',
          reply: () => json(200, { onboarding: { completed: false, step: 3 } }),
        },
      ]),
    });
    // Stored preferences are empty (onboardingRoutes): the wizard opens on genres.
    expect(await screen.findByText('Step 1 of 3', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
