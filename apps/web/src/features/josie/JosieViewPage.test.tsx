import { FIRST_PAINT_BLOCK_ID, type Josie, PAGE_QUERY_KEYS } from '@josie/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readStoredSession } from '../../session/storage';
import { json, type StubRoute } from '../../test/fetchStub';
import { removeFirstPaint, writeFirstPaint } from '../../test/firstPaint';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ME, makeJosie, OTHER_CURATOR, SPOTIFY_TRACK, YOUTUBE_VIDEO } from './testing';

const full = makeJosie({
  _id: 'j1',
  title: 'Night drive',
  text: '<script>alert(1)</script>\nSecond line',
  paragraphs: [
    { type: 'text', content: '<script>alert(1)</script>\nSecond line' },
    { type: 'image', content: '/media/josies/night.webp' },
    {
      type: 'video',
      content: {
        url: YOUTUBE_VIDEO,
        title: 'Midnight City',
        thumbnailUrl: null,
        channelTitle: 'M83',
        id: 'dQw4w9WgXcQ',
        type: 'video',
      },
    },
    {
      type: 'audioItem',
      content: {
        name: 'Nightcall',
        type: 'track',
        url: SPOTIFY_TRACK,
        provider: 'spotify',
        image: 'https://i.scdn.co/image/ab67616d0000b273cover',
        artist: 'Kavinsky',
      },
    },
  ],
});

const get = (josie: Josie | (() => Josie)): StubRoute => ({
  method: 'GET',
  path: '/api/josies/j1',
  reply: () => json(200, typeof josie === 'function' ? josie() : josie),
});

function analytics(stub: ReturnType<typeof renderApp>['stub'], name: string) {
  return stub
    .calls('POST', '/api/analytics/events')
    .map((r) => r.body as { name: string; params: Record<string, unknown> })
    .filter((event) => event.name === name);
}

beforeAll(async () => {
  await import('./JosieViewPage');
});

afterEach(() => {
  toast.dismiss();
});

describe("the server's first answer in the page (docs/performance.md)", () => {
  afterEach(removeFirstPaint);

  it("renders a visitor's josie from it without asking the server, for the first route only", async () => {
    writeFirstPaint([[PAGE_QUERY_KEYS.josie('j1'), full]]);
    const { stub, router } = renderApp('/josie/j1', {
      routes: [get({ ...full, title: 'From the server' })],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night drive' })).toBeInTheDocument();
    // Nothing requested the josie after a moment either (no refetch on mount).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls('GET', '/api/josies/j1')).toHaveLength(0);
    expect(document.getElementById(FIRST_PAINT_BLOCK_ID)).toBeNull();

    // Once the app leaves the route it opened on, the page's answer is past: a later mount asks the server.
    await act(() => router.navigate('/about'));
    await act(() => router.navigate('/josie/j1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'From the server' })).toBeInTheDocument();
    expect(stub.calls('GET', '/api/josies/j1')).toHaveLength(1);
  });

  it("is not used for another josie's page, nor by a signed-in reader (their answer differs)", async () => {
    writeFirstPaint([[PAGE_QUERY_KEYS.josie('other'), full]]);
    const visitor = renderApp('/josie/j1', { routes: [get({ ...full, title: 'From the server' })] });
    expect(await screen.findByRole('heading', { level: 1, name: 'From the server' })).toBeInTheDocument();
    expect(visitor.stub.calls('GET', '/api/josies/j1')).toHaveLength(1);
    visitor.unmount();

    writeFirstPaint([[PAGE_QUERY_KEYS.josie('j1'), full]]);
    const reader = renderApp('/josie/j1', {
      session: makeSession('listener'),
      routes: [get({ ...full, title: 'From the server', likedByMe: true })],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'From the server' })).toBeInTheDocument();
    expect(reader.stub.calls('GET', '/api/josies/j1')).toHaveLength(1);
  });
});

describe('public josie view (docs/product/routes-and-roles.md#josie-page)', () => {
  it('shows the josie to a visitor: plain text, N songs, image and both players', async () => {
    renderApp('/josie/j1', { routes: [get(full)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night drive' })).toBeInTheDocument();
    // Text is plain text: the markup shows as typed and nothing is parsed into elements.
    const text = screen.getByText(/<script>alert\(1\)<\/script>/);
    expect(text.tagName).toBe('P');
    expect(text).toHaveAttribute('dir', 'auto');
    expect(text.textContent).toBe('<script>alert(1)</script>\nSecond line');
    expect(document.querySelector('main script')).toBeNull();

    expect(screen.getByText('1 song')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image of the josie “Night drive”' })).toHaveAttribute(
      'src',
      '/media/josies/night.webp',
    );
    // The YouTube player mounts when the reader presses play: until then its picture and the button (the
    // player itself is tested in components/YouTubePlayer.test.tsx).
    expect(screen.getByRole('button', { name: /^Play: YouTube video/ })).toBeInTheDocument();
    expect(document.querySelector('[data-player="youtube"]')).toBeNull();
    const audio = screen.getByTitle('Spotify player: Nightcall');
    expect(audio).toHaveAttribute('src', 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC');
    expect(audio).toHaveAttribute('height', '152');
    expect(audio).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('link', { name: 'Open in Spotify' })).toHaveAttribute('href', SPOTIFY_TRACK);

    // Hero: creator, cover art from the audio item, and a way to log in to follow.
    expect(screen.getByText('Maya Groove')).toHaveStyle({ fontWeight: '400' });
    expect(screen.getByRole('img', { name: 'Cover art' })).toHaveAttribute(
      'src',
      'https://i.scdn.co/image/ab67616d0000b273cover',
    );
    expect(screen.getByRole('link', { name: 'Log in to follow' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Josie, home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByText('Published')).not.toBeInTheDocument();
  });

  it('shows the genres as chips linking to their explore pages, and a click opens the genre page', async () => {
    const { user, router } = renderApp('/josie/j1', {
      routes: [
        get(makeJosie({ genres: ['Jazz', 'Drum & Bass'] })),
        {
          method: 'GET',
          path: /^\/api\/explore\/genres\//,
          reply: () => json(200, { data: { posts: [], hasMore: false, nextCursor: null } }),
        },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Genres' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Jazz', '/explore/genre/Jazz'],
      ['Drum & Bass', '/explore/genre/Drum%20%26%20Bass'],
    ]);
    await user.click(links[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore/genre/Drum%20%26%20Bass'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Drum & Bass' })).toBeInTheDocument();
  });

  it('names seed genres in Hebrew for a Hebrew reader, and others as stored', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    renderApp('/josie/j1', {
      flags: { language_select: 'true' },
      routes: [get(makeJosie({ genres: ['Jazz', 'Shoegaze'] }))],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    const list = await screen.findByRole('list', { name: 'ז׳אנרים' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ג׳אז', 'Shoegaze']);
  });

  it('shows no genre list for a josie without genres', async () => {
    renderApp('/josie/j1', { routes: [get(makeJosie({ genres: [] }))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night drive' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Genres' })).not.toBeInTheDocument();
  });

  it('counts songs, and names a creator without a name Unknown Curator', async () => {
    renderApp('/josie/j1', {
      routes: [get(makeJosie({ paragraphs: [], creator: { ...full.creator, name: '' } }))],
    });
    expect(await screen.findByText('Unknown Curator')).toBeInTheDocument();
    // No song, no count: "0 songs" says nothing worth reading (docs/product/rules-and-limits.md).
    expect(screen.queryByText(/songs?$/)).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Night drive', /\bsongs?\b/],
    ['he', 'Night drive', /שיר/],
  ])('says no song count for a video-only josie (%s)', async (lang, title, songs) => {
    if (lang === 'he') window.localStorage.setItem('i18nextLng', 'he');
    const video = {
      type: 'video' as const,
      content: {
        url: YOUTUBE_VIDEO,
        title: 'Midnight City',
        thumbnailUrl: null,
        channelTitle: '',
        id: 'v',
        type: 'video' as const,
      },
    };
    renderApp('/josie/j1', {
      flags: { language_select: 'true' },
      routes: [get(makeJosie({ paragraphs: [video] }))],
    });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', lang));
    expect(document.querySelectorAll('[data-video-embed="youtube"]')).toHaveLength(1);
    expect(screen.queryByText(songs)).not.toBeInTheDocument();
  });

  it('shows the not-found message for a 404 and the error box otherwise', async () => {
    renderApp('/josie/j1', {
      routes: [
        {
          method: 'GET',
          path: '/api/josies/j1',
          reply: () => json(404, { message: 'Josie not found', code: 'NOT_FOUND' }),
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Josie not found' })).toBeInTheDocument();
    expect(
      screen.getByText('This josie does not exist, was deleted, or is not published yet.'),
    ).toBeInTheDocument();
  });

  it('shows the common error label and the message when loading fails', async () => {
    renderApp('/josie/j1', {
      routes: [
        {
          method: 'GET',
          path: '/api/josies/j1',
          reply: () => json(400, { message: 'Bad request here', code: 'VALIDATION_ERROR' }),
        },
      ],
    });
    // The message shows at once; the error box (its own chunk) then adds the common label.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'ErrorCould not load this josie. Please try again.',
      ),
    );
  });

  it("says the page's own message, never the HTTP status words, when a failure carries none", async () => {
    renderApp('/josie/j1', {
      routes: [
        {
          method: 'GET',
          path: '/api/josies/j1',
          reply: () => new Response('<h1>oops</h1>', { status: 502, statusText: 'Bad Gateway' }),
        },
      ],
    });
    // One retry after a server failure, a second later.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Could not load this josie. Please try again.');
    expect(alert).not.toHaveTextContent('Bad Gateway');
  });

  it('says it in Hebrew to a Hebrew reader', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    renderApp('/josie/j1', {
      flags: { language_select: 'true' },
      routes: [
        {
          method: 'GET',
          path: '/api/josies/j1',
          reply: () => new Response(null, { status: 400, statusText: 'Bad Request' }),
        },
      ],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('לא הצלחנו לטעון את הג׳וזי. נסו שוב.');
    expect(alert).not.toHaveTextContent('Bad Request');
  });

  it('shows its owner the status badge and Edit', async () => {
    const own = makeJosie({
      _id: 'j1',
      status: 'pending',
      creator: { ...full.creator, _id: ME },
      abilities: { edit: true, review: false, delete: true, seeReviews: true },
    });
    renderApp('/josie/j1', { session: makeSession('curator'), routes: [get(own)] });
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/josie/edit/j1');
    expect(screen.queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in to follow' })).not.toBeInTheDocument();
  });

  it('follows the creator and stores the new following list', async () => {
    const { user, stub } = renderApp('/josie/j1', {
      session: makeSession('listener'),
      routes: [
        get(full),
        {
          method: 'POST',
          path: `/api/users/follow/${OTHER_CURATOR}`,
          reply: () => json(200, { success: true, following: [OTHER_CURATOR] }),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(stub.calls('POST', `/api/users/follow/${OTHER_CURATOR}`)).toHaveLength(1);
    const state = readStoredSession();
    expect(state.status === 'valid' && state.session.user.following).toEqual([OTHER_CURATOR]);
  });
});

describe('review from the josie view (docs/product/rules-and-limits.md#josies, docs/product/routes-and-roles.md#api, docs/product/messages.md#josies)', () => {
  const pending = makeJosie({
    ...full,
    status: 'pending',
    createdAt: new Date(Date.now() - 90_000).toISOString(),
    abilities: { edit: true, review: true, delete: false, seeReviews: true },
  });
  /** A reviewer's abilities once the josie left pending. */
  const decided = { edit: false, review: false, delete: false, seeReviews: true };

  it('rejects in two presses with a trimmed, required reason', async () => {
    let current: Josie = pending;
    const { user, stub } = renderApp('/josie/j1', {
      session: makeSession('editor'),
      routes: [
        get(() => current),
        {
          method: 'PUT',
          path: '/api/josies/j1/reject',
          reply: (request) => {
            const { rejectionReason } = request.body as { rejectionReason: string };
            current = { ...pending, status: 'rejected', rejectionReason, abilities: decided };
            return json(200, current);
          },
        },
      ],
    });
    const reject = await screen.findByRole('button', { name: 'Reject' });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Rejection reason' })).not.toBeInTheDocument();

    // First press: the reason box, Cancel, and the button now confirms.
    await user.click(reject);
    const reason = screen.getByLabelText('Rejection reason');
    expect(reason).toHaveFocus();
    expect(reject).toHaveAccessibleName('Confirm reject');
    await user.type(reason, 'Draft text');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Rejection reason' })).not.toBeInTheDocument();
    expect(reject).toHaveAccessibleName('Reject');

    // Open again: the text was cleared; a blank reason is refused without a call.
    await user.click(reject);
    expect(screen.getByLabelText('Rejection reason')).toHaveValue('');
    await user.type(screen.getByLabelText('Rejection reason'), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm reject' }));
    expect(await screen.findByText('Please write a reason for the rejection.')).toBeInTheDocument();
    expect(stub.calls('PUT', '/api/josies/j1/reject')).toHaveLength(0);

    await user.type(screen.getByLabelText('Rejection reason'), '  Needs a song  ');
    await user.click(screen.getByRole('button', { name: 'Confirm reject' }));
    await waitFor(() => expect(stub.calls('PUT', '/api/josies/j1/reject')).toHaveLength(1));
    expect(stub.calls('PUT', '/api/josies/j1/reject')[0]?.body).toEqual({ rejectionReason: 'Needs a song' });
    expect(await screen.findByText('Josie rejected; the curator will see your reason')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    expect(screen.getByText('Rejected')).toBeInTheDocument();

    await waitFor(() => expect(analytics(stub, 'reject_josie')).toHaveLength(1));
    const params = analytics(stub, 'reject_josie')[0]?.params;
    expect(params).toMatchObject({
      josie_id: 'j1',
      josie_title: 'Night drive',
      editor_id: ME,
      editor_role: 'editor',
      reason: 'Needs a song',
    });
    expect(params?.review_time_seconds).toBeGreaterThanOrEqual(90);
  });

  it('approves with a toast and approve_josie, or says it failed', async () => {
    let fail = true;
    let current: Josie = pending;
    const { user, stub } = renderApp('/josie/j1', {
      session: makeSession('admin'),
      routes: [
        get(() => current),
        {
          method: 'PUT',
          path: '/api/josies/j1/approve',
          reply: () => {
            if (fail) return json(500, { message: 'Boom', code: 'INTERNAL_ERROR' });
            current = {
              ...pending,
              status: 'published',
              publishedAt: new Date().toISOString(),
              abilities: decided,
            };
            return json(200, current);
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Could not approve this josie. Please try again.')).toBeInTheDocument();
    expect(analytics(stub, 'approve_josie')).toHaveLength(0);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Josie approved and published')).toBeInTheDocument();
    expect(stub.calls('PUT', '/api/josies/j1/approve')[1]?.body).toBeUndefined();
    await waitFor(() =>
      expect(analytics(stub, 'approve_josie')[0]?.params).toMatchObject({
        josie_id: 'j1',
        editor_role: 'admin',
      }),
    );
    // The josie renders at transition priority (useDeferredValue, docs/performance.md): the new status
    // follows shortly.
    expect(await within(screen.getByRole('main')).findByText('Published')).toBeInTheDocument();
  });
});

describe('answers the view must survive (docs/product/routes-and-roles.md#josie-page)', () => {
  // The API's josie is typed by the contract but not parsed on this page, so a stored josie whose creator
  // is gone, or whose paragraphs are not a list, reaches the view as the server wrote it.
  const broken = (fields: Record<string, unknown>) => ({ ...makeJosie({ _id: 'j1' }), ...fields }) as Josie;

  it.each([
    ['missing', undefined],
    ['null', null],
    ['without preferences', { _id: OTHER_CURATOR, name: '', avatar: null }],
  ])('shows Unknown Curator when the creator is %s, and no follow button', async (_, creator) => {
    renderApp('/josie/j1', { routes: [get(broken({ creator }))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night drive' })).toBeInTheDocument();
    expect(screen.getByText('Unknown Curator')).toBeInTheDocument();
    if (!creator) expect(screen.queryByRole('link', { name: 'Log in to follow' })).not.toBeInTheDocument();
  });

  it('shows Unknown Curator in Hebrew', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    renderApp('/josie/j1', {
      flags: { language_select: 'true' },
      session: makeSession('listener'),
      routes: [get(broken({ creator: null }))],
    });
    expect(await screen.findByText('אוצר/ת לא ידוע/ה')).toBeInTheDocument();
  });

  it.each([
    ['an object', { 0: { type: 'text', content: 'hidden' } }],
    ['a string', 'text'],
    ['null', null],
  ])('renders no paragraphs when paragraphs is %s', async (_, paragraphs) => {
    renderApp('/josie/j1', { routes: [get(broken({ paragraphs }))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night drive' })).toBeInTheDocument();
    expect(screen.queryByText('0 songs')).not.toBeInTheDocument();
    expect(screen.queryByText('hidden')).not.toBeInTheDocument();
  });

  it('renders image1 as an image and video1 (a link, or an object with url and title) as a player', async () => {
    const paragraphs = [
      { type: 'image1', content: '/media/josies/night.webp' },
      { type: 'video1', content: { url: YOUTUBE_VIDEO, title: 'Midnight City' } },
      { type: 'video1', content: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' },
      { type: 'video1', content: 'https://example.com/not-a-video' },
      { type: 'poll', content: 'skipped' },
    ];
    renderApp('/josie/j1', { routes: [get(broken({ paragraphs }))] });
    expect(await screen.findByRole('img', { name: 'Image of the josie “Night drive”' })).toHaveAttribute(
      'src',
      '/media/josies/night.webp',
    );
    expect(document.querySelectorAll('[data-video-embed="youtube"]')).toHaveLength(1);
    expect(screen.getByTitle('YouTube video')).toHaveAttribute(
      'src',
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    );
    expect(screen.queryByText('skipped')).not.toBeInTheDocument();
  });
});
