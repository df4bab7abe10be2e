import type { Preferences } from '@josie/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFontLoader, type FontLoader, type FontLoadState } from '../../lib/fonts';
import { readStoredSession } from '../../session/storage';
import { json, type RecordedRequest } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { type RenderAppOptions, renderApp } from '../../test/renderApp';
import { PreferencesTab } from './PreferencesTab';
import { accountRoutes } from './testing';
import type { PreferencesDraftState } from './usePreferencesDraft';
// Loaded up front so the route's lazy import resolves at once in every test.
import './AccountPage';
import '../preferences/schemas';

/** Font load states the tests set ('loading' never ends, 'error' fails), and the families loaded. */
const fonts = { states: new Map<string, FontLoadState>(), requested: [] as string[] };

/** Curator fonts whose faces arrive at once, but for the states set in `fonts.states`. */
function testFonts(): FontLoader {
  return createFontLoader(async (font) => {
    fonts.requested.push(font.family);
    const state = fonts.states.get(font.family);
    if (state === 'loading') return new Promise<boolean>(() => {});
    return state !== 'error';
  });
}

/** The app at `path` with the test's fonts. */
function renderTab(path: string, options: RenderAppOptions = {}) {
  return renderApp(path, { ...options, fonts: testFonts() });
}

beforeEach(() => {
  fonts.states.clear();
  fonts.requested.length = 0;
});

const PATH = '/api/users/me/preferences';

function saved(overrides: Partial<Preferences> = {}): Preferences {
  return { theme: 'josie', genres: ['Pop'], interests: ['Concerts'], myFont: '', myColor: '', ...overrides };
}

function putRoute(reply: (request: RecordedRequest) => ReturnType<typeof json>) {
  return { method: 'PUT', path: PATH, reply };
}

describe('preferences tab (docs/product/routes-and-roles.md#account, docs/product/routes-and-roles.md#api, docs/product/messages.md#sign-in-and-account; docs/product/rules-and-limits.md#account-images, docs/product/routes-and-roles.md#roles, docs/product/routes-and-roles.md#api, docs/product/messages.md#sign-in-and-account)', () => {
  it('shows Save only while the draft differs from the saved copy', async () => {
    const session = makeSession('listener', { preferences: saved() });
    const { user } = renderTab('/account?tab=preferences', { session, routes: accountRoutes(session.user) });
    const jazz = await screen.findByRole('button', { name: 'Jazz' });
    expect(screen.getByRole('button', { name: 'Pop' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Save preferences' })).not.toBeInTheDocument();

    await user.click(jazz);
    expect(jazz).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save preferences' })).toBeInTheDocument();
    await user.click(jazz);
    expect(screen.queryByRole('button', { name: 'Save preferences' })).not.toBeInTheDocument();
  });

  it('loads the preferences only once the tab is opened, and keeps unsaved choices across tabs', async () => {
    const session = makeSession('listener', { preferences: saved() });
    const { user, stub } = renderTab('/account', { session, routes: accountRoutes(session.user) });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    expect(stub.calls('GET', PATH)).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Preferences' }));
    await user.click(await screen.findByRole('button', { name: 'Jazz' }));
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.click(screen.getByRole('tab', { name: 'Preferences' }));
    expect(await screen.findByRole('button', { name: 'Jazz' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save preferences' })).toBeInTheDocument();
  });

  it("replaces the saved copy with the server's answer and updates the stored user", async () => {
    const session = makeSession('listener', { preferences: saved() });
    const answer = saved({ genres: ['Jazz', 'Pop', 'Rock'] });
    const { user, stub } = renderTab('/account?tab=preferences', {
      session,
      routes: [
        putRoute(() => json(200, { success: true, preferences: answer })),
        ...accountRoutes(session.user),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Jazz' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    // A listener sends no font or colour, and the theme is left alone.
    expect(stub.calls('PUT', PATH)[0]?.body).toEqual({ genres: ['Pop', 'Jazz'], interests: ['Concerts'] });
    expect(screen.getByRole('button', { name: 'Rock' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Save preferences' })).not.toBeInTheDocument();
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.preferences.genres).toEqual([
      'Jazz',
      'Pop',
      'Rock',
    ]);

    // The saved copy is now the answer: removing Rock makes the draft differ from it.
    await user.click(screen.getByRole('button', { name: 'Rock' }));
    expect(screen.getByRole('button', { name: 'Save preferences' })).toBeInTheDocument();
  });

  it("shows the refusal's code text when the save is refused, else errorSavingPreferences", async () => {
    const session = makeSession('listener', { preferences: saved() });
    let reply: ReturnType<typeof json> = json(400, {
      message: 'Unknown genre: Jazz',
      code: 'UNKNOWN_LIST_ENTRY',
    });
    const { user } = renderTab('/account?tab=preferences', {
      session,
      routes: [putRoute(() => reply), ...accountRoutes(session.user)],
    });
    await user.click(await screen.findByRole('button', { name: 'Jazz' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent(
      'One of the genres or interests is no longer on the list. Please choose again.',
    );
    expect(refused).not.toHaveTextContent('Unknown genre: Jazz');
    expect(screen.getByRole('button', { name: 'Save preferences' })).toBeInTheDocument();

    reply = json(200, { success: true });
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    // An answer of the wrong shape is not the reader's to read: the screen's own text.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error saving preferences'));
  });

  it('says errorSavingPreferences, not the status words, when a refusal carries no message', async () => {
    const session = makeSession('listener', { preferences: saved() });
    const { user } = renderTab('/account?tab=preferences', {
      session,
      routes: [
        {
          method: 'PUT',
          path: PATH,
          reply: () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
        },
        ...accountRoutes(session.user),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Jazz' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving preferences');
    expect(alert).not.toHaveTextContent('Internal Server Error');
  });

  it('says errorFetchingPreferences when the load fails', async () => {
    const session = makeSession('listener');
    renderTab('/account?tab=preferences', {
      session,
      routes: [
        { method: 'GET', path: PATH, reply: () => json(500, { message: 'boom', code: 'INTERNAL' }) },
        ...accountRoutes(session.user),
      ],
    });
    expect(await screen.findByText('Error fetching preferences')).toBeInTheDocument();
  });

  it('gives the font and colour choosers to curators only', async () => {
    const listener = makeSession('listener');
    const first = renderTab('/account?tab=preferences', {
      session: listener,
      routes: accountRoutes(listener.user),
    });
    expect(await screen.findByRole('button', { name: 'Jazz' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Font' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Colour' })).not.toBeInTheDocument();
    first.unmount();

    const curator = makeSession('curator');
    renderTab('/account?tab=preferences', { session: curator, routes: accountRoutes(curator.user) });
    expect(await screen.findByRole('radiogroup', { name: 'Font' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Colour' })).toBeInTheDocument();
  });

  it('filters fonts by the search box', async () => {
    const curator = makeSession('curator');
    const { user } = renderTab('/account?tab=preferences', {
      session: curator,
      routes: accountRoutes(curator.user),
    });
    const fontGroup = await screen.findByRole('radiogroup', { name: 'Font' });
    // The app font plus the 14 of the catalogue.
    expect(within(fontGroup).getAllByRole('radio')).toHaveLength(15);
    await user.type(screen.getByRole('searchbox', { name: 'Search fonts' }), 'mar');
    expect(
      within(fontGroup)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['Permanent Marker']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search fonts' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search fonts' }), 'zzz');
    expect(screen.getByText('No fonts match “zzz”')).toBeInTheDocument();
  });

  it('does not let a font be chosen while it loads or after it failed', async () => {
    fonts.states.set('Anton', 'loading');
    fonts.states.set('Mynerve', 'error');
    // Both were asked for before (by a name drawn in them elsewhere in the app).
    const loader = testFonts();
    void loader.load('Anton');
    await Promise.all([loader.load('Mynerve'), loader.load('Permanent Marker')]);
    const curator = makeSession('curator', { name: 'Noa' });
    const { user, stub } = renderApp('/account?tab=preferences', {
      fonts: loader,
      session: curator,
      routes: [
        putRoute((request) =>
          json(200, { success: true, preferences: { ...saved(), ...(request.body as object) } }),
        ),
        ...accountRoutes(curator.user, saved()),
      ],
    });
    const anton = await screen.findByRole('radio', { name: 'Anton' });
    const mynerve = screen.getByRole('radio', { name: 'Mynerve' });
    expect(anton).toBeDisabled();
    expect(anton).toHaveAccessibleDescription('Loading font…');
    expect(mynerve).toBeDisabled();
    expect(mynerve).toHaveAccessibleDescription('Preview unavailable');
    await user.click(anton);
    expect(anton).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByRole('button', { name: 'Save preferences' })).not.toBeInTheDocument();

    const marker = screen.getByRole('radio', { name: 'Permanent Marker' });
    expect(marker).toBeEnabled();
    // Its preview, the curator's name in the font, shows once the font is active.
    expect(within(marker).getByText('Noa')).toHaveStyle({
      fontFamily: '"Permanent Marker", "Heebo", ui-sans-serif, system-ui, sans-serif',
    });
    await user.click(marker);
    expect(marker).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('radio', { name: 'Yellow' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save preferences' })).not.toBeInTheDocument(),
    );
    expect(stub.calls('PUT', PATH)[0]?.body).toEqual({
      genres: ['Pop'],
      interests: ['Concerts'],
      myFont: 'Permanent Marker',
      myColor: 'Yellow',
    });
  });

  it('loads a font only once its option comes into view', async () => {
    const observed: Array<{ element: Element; callback: IntersectionObserverCallback }> = [];
    class FakeObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.push({ element, callback: this.callback });
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const curator = makeSession('curator');
    renderTab('/account?tab=preferences', { session: curator, routes: accountRoutes(curator.user) });
    const anton = await screen.findByRole('radio', { name: 'Anton' });
    expect(fonts.requested).not.toContain('Anton');

    const entry = observed.find((o) => o.element === anton);
    if (!entry) throw new Error('Anton is not observed');
    act(() => {
      entry.callback(
        [{ isIntersecting: true, target: anton } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
    // Asked for in a task after the commit (lib/fonts.ts).
    await waitFor(() => expect(fonts.requested).toContain('Anton'));
    expect(fonts.requested).not.toContain('Delius');
  });

  it('gives the light colours dark text and the others white text', async () => {
    const curator = makeSession('curator', { name: 'Noa' });
    const { user } = renderTab('/account?tab=preferences', {
      session: curator,
      routes: accountRoutes(curator.user),
    });
    const colours = await screen.findByRole('radiogroup', { name: 'Colour' });
    const label = (name: string) => within(within(colours).getByRole('radio', { name })).getByText(name);
    for (const name of ['Light Blue', 'Yellow', 'Light Grey'])
      expect(label(name)).toHaveStyle({ color: '#18181b' });
    for (const name of ['Blue', 'Bright Pink', 'Pink']) expect(label(name)).toHaveStyle({ color: '#ffffff' });

    // The sample of the name follows the chosen colour.
    const sample = within(screen.getByRole('figure', { name: 'Preview' })).getByText('Noa');
    expect(sample).toHaveStyle({ color: '#ffffff' });
    await user.click(screen.getByRole('radio', { name: 'Yellow' }));
    expect(sample).toHaveStyle({ color: '#18181b' });
  });

  it('shows errors.unauthorized without a user', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PreferencesTab user={null} prefs={{} as PreferencesDraftState} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Unauthorized access');
  });
});
