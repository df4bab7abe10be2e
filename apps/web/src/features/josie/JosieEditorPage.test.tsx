import type { Josie } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ME, makeJosie, SPOTIFY_TRACK, YOUTUBE_VIDEO } from './testing';

const curator = makeSession('curator');

/** No AI configured: the providers call fails like on a server without the AI module. */
const noAi: StubRoute = {
  method: 'GET',
  path: '/api/ai/providers',
  reply: () => json(503, { message: 'AI is not configured', code: 'NOT_CONFIGURED' }),
};
/** Audio and video link lookups fail (the provider is unreachable). */
const lookupDown: StubRoute = {
  method: 'GET',
  path: '/api/audio/url-details',
  reply: () => json(502, { message: 'Provider failed', code: 'PROVIDER_ERROR' }),
};

/** The links resolver is not configured: the counterparts panel says readers see the original. */
const linksDown: StubRoute = {
  method: 'GET',
  path: '/api/audio/links',
  reply: () => json(503, { message: 'Not configured', code: 'SERVICE_UNAVAILABLE' }),
};

/** The list the editor goes to after saving. */
const myJosies: StubRoute = {
  method: 'GET',
  path: '/api/josies/my-josies',
  reply: () => json(200, { data: { posts: [] } }),
};

function renderEditor(path = '/josie/new', routes: StubRoute[] = [], flags = {}) {
  return renderApp(path, { session: curator, routes: [...routes, noAi, lookupDown, linksDown], flags });
}

/** The paragraphs a save sent. */
function sentParagraphs(request: RecordedRequest | undefined): Array<{ type: string; content: unknown }> {
  const form = request?.body as FormData;
  return JSON.parse(String(form.get('paragraphs')));
}

function analytics(stub: ReturnType<typeof renderApp>['stub'], name: string) {
  return stub
    .calls('POST', '/api/analytics/events')
    .map((r) => r.body as { name: string; params: Record<string, unknown> })
    .filter((event) => event.name === name);
}

async function addVideo(user: ReturnType<typeof renderApp>['user'], url: string) {
  await user.click(screen.getByRole('button', { name: 'Add video' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a video' });
  await user.type(within(dialog).getByLabelText('YouTube link'), url);
  await user.click(within(dialog).getByRole('button', { name: 'Add video' }));
  return dialog;
}

beforeAll(async () => {
  // Compile the lazily loaded page once, so the first test's queries do not time out waiting for it.
  await import('./JosieEditorPage');
});

// Sonner keeps its toasts between tests; each test starts without the last one's.
afterEach(() => {
  toast.dismiss();
});

beforeEach(() => {
  // happy-dom cannot decode images: a file decodes when its content says so.
  vi.stubGlobal('createImageBitmap', async (blob: Blob) => {
    if ((await blob.text()) === 'not really an image') throw new DOMException('bad', 'InvalidStateError');
    return { close() {} };
  });
});

describe('josie editor: validation and media (docs/product/routes-and-roles.md#authoring, docs/product/rules-and-limits.md#josies)', () => {
  it('refuses a blank title before sending anything', async () => {
    const { user, stub } = renderEditor();
    const title = await screen.findByLabelText('Title');
    await user.type(title, '   ');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Please give your josie a title.')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveFocus();
    expect(stub.calls('POST', '/api/josies')).toHaveLength(0);
  });

  it("hides a kind's add button once it exists and shows it again after removal", async () => {
    const { user } = renderEditor();
    await screen.findByLabelText('Title');
    const dialog = await addVideo(user, YOUTUBE_VIDEO);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Add video' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add audio' })).toBeInTheDocument();
    expect(screen.getByText(YOUTUBE_VIDEO)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove video' }));
    expect(screen.getByRole('button', { name: 'Add video' })).toBeInTheDocument();
    expect(screen.queryByText(YOUTUBE_VIDEO)).not.toBeInTheDocument();
  });

  it('explains that title suggestions need AI while it is not configured', async () => {
    renderEditor();
    const button = await screen.findByRole('button', { name: 'Suggest a title' });
    expect(button).toBeDisabled();
    await waitFor(() =>
      expect(button).toHaveAccessibleDescription(
        'Title suggestions need AI, which is not configured on this server.',
      ),
    );
  });

  it('suggests a title from the text when AI is configured', async () => {
    const { user, stub } = renderEditor('/josie/new', [
      {
        method: 'GET',
        path: '/api/ai/providers',
        reply: () => json(200, { data: [{ name: 'openai', available: true }] }),
      },
      {
        method: 'POST',
        path: '/api/ai/generate',
        reply: () => json(200, { data: { result: '"Midnight Highways"' } }),
      },
    ]);
    const button = await screen.findByRole('button', { name: 'Suggest a title' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(
      await screen.findByText('Write some text first, so there is something to base a title on.'),
    ).toBeInTheDocument();
    expect(stub.calls('POST', '/api/ai/generate')).toHaveLength(0);

    await user.type(screen.getByLabelText('Content'), 'Songs for the road');
    await user.click(button);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Midnight Highways'));
    expect(stub.calls('POST', '/api/ai/generate')[0]?.body).toEqual({
      type: 'text',
      templateId: 'enticing-title',
      variables: { text: 'Songs for the road' },
    });
  });
});

describe('josie editor: media dialogs (docs/product/rules-and-limits.md#josies, docs/product/messages.md#josies)', () => {
  it.each([
    ['', 'Please enter a video URL.'],
    ['https://vimeo.com/123456', 'Only YouTube video and playlist links are supported.'],
    ['https://www.youtube.com/watch?v=short', 'This link has no valid YouTube video or playlist id.'],
  ])('refuses the video link %j', async (url, message) => {
    const { user } = renderEditor();
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a video' });
    if (url) await user.type(within(dialog).getByLabelText('YouTube link'), url);
    await user.click(within(dialog).getByRole('button', { name: 'Add video' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('YouTube link')).toHaveAccessibleDescription(
      `A YouTube video, Shorts or playlist link. ${message}`,
    );
  });

  it('adds a video with the title and channel the lookup finds', async () => {
    const { user } = renderEditor('/josie/new', [
      {
        method: 'GET',
        path: '/api/audio/url-details',
        reply: () =>
          json(200, {
            id: 'dQw4w9WgXcQ',
            type: 'track',
            name: 'Never Gonna Give You Up',
            provider: 'youtube',
            url: YOUTUBE_VIDEO,
            image: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
            artist: 'Rick Astley',
            artists: [],
            images: [],
          }),
      },
    ]);
    await screen.findByLabelText('Title');
    await addVideo(user, 'https://youtu.be/dQw4w9WgXcQ?si=abc');
    expect(await screen.findByText('Never Gonna Give You Up')).toBeInTheDocument();
  });

  it('refuses an audio link the contract parser does not accept', async () => {
    const { user, stub } = renderEditor();
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Add audio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add audio' });
    await user.type(within(dialog).getByLabelText('Spotify or YouTube link'), 'https://example.com/song');
    await user.click(within(dialog).getByRole('button', { name: 'Add audio' }));
    expect(
      await within(dialog).findByText(
        'Please paste a Spotify track, album or playlist link, or a YouTube link.',
      ),
    ).toBeInTheDocument();
    expect(stub.calls('GET', '/api/audio/url-details')).toHaveLength(0);
  });

  it.each([
    [
      json(400, { message: 'Server words', code: 'INVALID_AUDIO_URL' }),
      'Please paste a Spotify track, album or playlist link, or a YouTube link.',
    ],
    [json(400, {}), 'Please paste a Spotify track, album or playlist link, or a YouTube link.'],
  ])('shows the lookup refusal %#', async (reply, message) => {
    const { user } = renderEditor('/josie/new', [
      { method: 'GET', path: '/api/audio/url-details', reply: () => reply },
    ]);
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Add audio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add audio' });
    await user.type(within(dialog).getByLabelText('Spotify or YouTube link'), SPOTIFY_TRACK);
    await user.click(within(dialog).getByRole('button', { name: 'Add audio' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add it anyway' })).not.toBeInTheDocument();
  });

  it('says the session expired on a 401 (the client signs out and the guard asks to log in)', async () => {
    const { user, router } = renderEditor('/josie/new', [
      {
        method: 'GET',
        path: '/api/audio/url-details',
        reply: () => json(401, { message: 'Session expired', code: 'UNAUTHENTICATED' }),
      },
    ]);
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Add audio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add audio' });
    await user.type(within(dialog).getByLabelText('Spotify or YouTube link'), SPOTIFY_TRACK);
    await user.click(within(dialog).getByRole('button', { name: 'Add audio' }));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('adds the enriched audio item, or the parsed one when the lookup fails', async () => {
    const { user } = renderEditor();
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Add audio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add audio' });
    await user.type(
      within(dialog).getByLabelText('Spotify or YouTube link'),
      'https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC?si=x',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add audio' }));
    expect(
      await within(dialog).findByText(
        "We couldn't load the details of this link right now. You can add it anyway.",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add it anyway' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByText('Track on Spotify')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add audio' })).not.toBeInTheDocument();
  });

  it('checks image files in the spec order and previews the first valid one', async () => {
    const { stub, router } = renderEditor('/josie/new', [
      { method: 'POST', path: '/api/josies', reply: () => json(201, makeJosie()) },
      myJosies,
    ]);
    // A separate instance that does not filter by `accept`, so a text file can be chosen.
    const user = userEvent.setup({ applyAccept: false });
    await user.type(await screen.findByLabelText('Title'), 'With a picture');
    await user.click(screen.getByRole('button', { name: 'Add image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an image' });
    const input = within(dialog).getByLabelText('Choose an image or drop it here');
    const use = within(dialog).getByRole('button', { name: 'Use this image' });
    expect(use).toBeDisabled();

    await user.upload(input, [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['notes'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(await within(dialog).findByText('Please select only image files')).toBeInTheDocument();

    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(input, huge);
    expect(await within(dialog).findByText('Some files exceed the maximum size of 5MB')).toBeInTheDocument();

    await user.upload(input, new File(['not really an image'], 'fake.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('No valid images were found')).toBeInTheDocument();
    expect(use).toBeDisabled();

    await user.upload(input, [
      new File(['not really an image'], 'fake.png', { type: 'image/png' }),
      new File(['png bytes'], 'cover.png', { type: 'image/png' }),
    ]);
    expect(await within(dialog).findByText('cover.png')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByAltText('Preview of the chosen image')).toBeInTheDocument(),
    );
    await user.click(use);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Add image' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(stub.calls('POST', '/api/josies')).toHaveLength(1));
    const form = stub.calls('POST', '/api/josies')[0]?.body as FormData;
    expect((form.get('image') as File).name).toBe('cover.png');
    expect(sentParagraphs(stub.calls('POST', '/api/josies')[0])).toEqual([{ type: 'image', content: '' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
  });
});

describe('josie editor: saving (docs/product/routes-and-roles.md#api, docs/product/messages.md#josies; docs/product/routes-and-roles.md#api)', () => {
  it('publishes, tracks publish_josie and goes to /my-josies', async () => {
    let created: Josie | undefined;
    const { user, stub, router } = renderEditor('/josie/new', [
      {
        method: 'POST',
        path: '/api/josies',
        reply: () => {
          created = makeJosie({ _id: 'new-josie', title: 'Night drive', status: 'pending' });
          return json(201, created);
        },
      },
      {
        method: 'GET',
        path: '/api/josies/my-josies',
        reply: () => json(200, { data: { posts: [created] } }),
      },
    ]);
    await user.type(await screen.findByLabelText('Title'), 'Night drive');
    await user.type(screen.getByLabelText('Content'), 'Line one{Enter}Line two');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
    expect(
      await screen.findByText('Josie published! It will appear once an editor approves it.'),
    ).toBeInTheDocument();
    const form = stub.calls('POST', '/api/josies')[0]?.body as FormData;
    expect(form.get('title')).toBe('Night drive');
    expect(form.get('image')).toBeNull();
    expect(sentParagraphs(stub.calls('POST', '/api/josies')[0])).toEqual([
      { type: 'text', content: 'Line one\nLine two' },
    ]);
    await waitFor(() =>
      expect(analytics(stub, 'publish_josie')[0]?.params).toMatchObject({
        josie_id: 'new-josie',
        josie_name: 'Night drive',
      }),
    );
  });

  it('says the file is too large on a 413 and stays on the form', async () => {
    const { user, router } = renderEditor('/josie/new', [
      {
        method: 'POST',
        path: '/api/josies',
        reply: () => json(413, { message: 'Too large', code: 'PAYLOAD_TOO_LARGE' }),
      },
    ]);
    await user.type(await screen.findByLabelText('Title'), 'Big picture');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText("The file you're trying to upload is too large. Please try a smaller file."),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/josie/new');
  });

  it('says the email must be verified first on a 403 EMAIL_NOT_VERIFIED, and offers to resend it', async () => {
    const { user, router, stub } = renderEditor('/josie/new', [
      {
        method: 'POST',
        path: '/api/josies',
        reply: () => json(403, { message: 'Please verify your email first', code: 'EMAIL_NOT_VERIFIED' }),
      },
      {
        method: 'POST',
        path: '/api/users/me/verify-email/resend',
        reply: () => json(200, { success: true, message: 'Sent' }),
      },
    ]);
    await user.type(await screen.findByLabelText('Title'), 'Unverified');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const notice = await screen.findByText(/Please verify your email before you publish or invite/);
    expect(screen.queryByText('Could not publish your josie. Please try again.')).toBeNull();
    await user.click(
      within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Resend the email',
      }),
    );
    await waitFor(() => expect(stub.calls('POST', '/api/users/me/verify-email/resend')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/josie/new');
  });

  it('says the image has too many pixels, not that the file is too large, when that is the refusal', async () => {
    const tooManyPixels: StubRoute = {
      method: 'POST',
      path: '/api/josies',
      reply: () =>
        json(413, {
          message:
            'The image is 8000 × 7000 pixels; at most 50 megapixels are accepted. Please use a smaller image.',
          code: 'IMAGE_TOO_MANY_PIXELS',
        }),
    };
    const { user, router } = renderEditor('/josie/new', [tooManyPixels]);
    await user.type(await screen.findByLabelText('Title'), 'Big picture');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText(
        'This image has more than 50 megapixels (width × height). Please use a smaller image.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/too large/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/josie/new');
  });

  it('says so in Hebrew to a Hebrew reader', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    const { user } = renderEditor(
      '/josie/new',
      [
        {
          method: 'POST',
          path: '/api/josies',
          reply: () => json(413, { message: 'Too many pixels', code: 'IMAGE_TOO_MANY_PIXELS' }),
        },
      ],
      { language_select: 'true' },
    );
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    await user.type(await screen.findByLabelText('כותרת'), 'תמונה גדולה');
    await user.click(screen.getByRole('button', { name: 'פרסום' }));
    expect(
      await screen.findByText('לתמונה יש יותר מ-50 מגה-פיקסל (רוחב × גובה). נסו תמונה קטנה יותר.'),
    ).toBeInTheDocument();
  });

  it('lays out the empty title and text right to left in Hebrew, the "?" of the placeholder at its end', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    const { user } = renderEditor('/josie/new', [], { language_select: 'true' });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    const title = await screen.findByLabelText('כותרת');
    const text = screen.getByPlaceholderText('על מה המוזיקה הזו? למה היא חשובה לכם?');
    expect(title).toHaveAttribute('dir', 'rtl');
    expect(text).toHaveAttribute('dir', 'rtl');
    // Typed text reads in its own direction.
    await user.type(title, 'Night drive');
    expect(title).toHaveAttribute('dir', 'auto');
    expect(text).toHaveAttribute('dir', 'rtl');
  });

  it('puts the server field issues on the title and shows josie.create.error', async () => {
    const { user } = renderEditor('/josie/new', [
      {
        method: 'POST',
        path: '/api/josies',
        reply: () =>
          json(400, {
            message: 'Invalid body.title: Title is required',
            code: 'VALIDATION_ERROR',
            issues: [{ path: 'body.title', message: 'Title is required' }],
          }),
      },
    ]);
    await user.type(await screen.findByLabelText('Title'), 'x');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Could not publish your josie. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
  });
});

describe('josie editor: editing (docs/product/rules-and-limits.md#josies, docs/product/messages.md#josies; docs/product/rules-and-limits.md#josies)', () => {
  it.each([
    [404, 'This josie could not be found.'],
    [403, 'You are not allowed to edit this josie.'],
  ])('goes back to /my-josies when loading answers %i', async (status, message) => {
    const { router } = renderEditor('/josie/edit/abc', [
      { method: 'GET', path: '/api/josies/abc', reply: () => json(status, { message: 'No', code: 'X' }) },
      { method: 'GET', path: '/api/josies/my-josies', reply: () => json(200, { data: { posts: [] } }) },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("refuses another curator's josie even though it is readable", async () => {
    const { router } = renderEditor('/josie/edit/abc', [
      { method: 'GET', path: '/api/josies/abc', reply: () => json(200, makeJosie({ _id: 'abc' })) },
      myJosies,
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
    expect(await screen.findByText('You are not allowed to edit this josie.')).toBeInTheDocument();
  });

  it('goes back with josie.loadError on any other failure', async () => {
    const { router } = renderEditor('/josie/edit/abc', [
      {
        method: 'GET',
        path: '/api/josies/abc',
        reply: () => json(500, { message: 'Boom', code: 'INTERNAL_ERROR' }),
      },
      { method: 'GET', path: '/api/josies/my-josies', reply: () => json(200, { data: { posts: [] } }) },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'), { timeout: 4000 });
    expect(await screen.findByText('Could not load this josie. Please try again.')).toBeInTheDocument();
  });

  it('shows the latest rejection reason and resubmits with PUT', async () => {
    const josie = makeJosie({
      _id: 'j1',
      status: 'rejected',
      creator: { ...makeJosie().creator, _id: ME },
      abilities: { edit: true, review: false, delete: true, seeReviews: true },
      rejectionReason: 'Old field value',
      reviews: [
        {
          reviewedAt: '2024-03-03T10:00:00.000Z',
          reviewedBy: 'e',
          action: 'rejected',
          rejectionReason: 'First',
        },
        {
          reviewedAt: '2024-03-05T10:00:00.000Z',
          reviewedBy: 'e',
          action: 'rejected',
          rejectionReason: 'Add a song',
        },
      ],
      paragraphs: [
        { type: 'text', content: 'Words' },
        {
          type: 'audioItem',
          content: { name: 'Song', type: 'track', url: SPOTIFY_TRACK, provider: 'spotify', image: null },
        },
      ],
    });
    const { user, stub, router } = renderEditor('/josie/edit/j1', [
      { method: 'GET', path: '/api/josies/j1', reply: () => json(200, josie) },
      { method: 'PUT', path: '/api/josies/j1', reply: () => json(200, { ...josie, status: 'pending' }) },
      { method: 'GET', path: '/api/josies/my-josies', reply: () => json(200, { data: { posts: [josie] } }) },
    ]);
    expect(await screen.findByText('This josie was rejected')).toBeInTheDocument();
    expect(screen.getByText('Add a song')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Make the changes the editor asked for and save: your josie goes back to the review queue.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Night drive');
    expect(screen.queryByRole('button', { name: 'Add audio' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Content'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
    // Emptying the text box removed the text paragraph.
    expect(sentParagraphs(stub.calls('PUT', '/api/josies/j1')[0])).toEqual([
      {
        type: 'audioItem',
        content: { name: 'Song', type: 'track', url: SPOTIFY_TRACK, provider: 'spotify', image: null },
      },
    ]);
    expect(analytics(stub, 'publish_josie')).toHaveLength(0);
  });
});

describe('josie editor: advanced mode (docs/product/routes-and-roles.md#authoring, flag editor_advanced_mode)', () => {
  it('is offered only with the flag on', async () => {
    renderEditor();
    await screen.findByLabelText('Title');
    expect(screen.queryByRole('switch', { name: 'Advanced editor' })).not.toBeInTheDocument();
  });

  it('keeps the draft across editors and reorders blocks by keyboard buttons', async () => {
    const { user, stub, router } = renderEditor(
      '/josie/new',
      [{ method: 'POST', path: '/api/josies', reply: () => json(201, makeJosie()) }, myJosies],
      { editor_advanced_mode: 'true' },
    );
    await user.type(await screen.findByLabelText('Title'), 'Reordered');
    await user.type(screen.getByLabelText('Content'), 'Some words');
    await addVideo(user, YOUTUBE_VIDEO);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('switch', { name: 'Advanced editor' }));
    expect(screen.getByRole('switch', { name: 'Advanced editor' })).toBeChecked();
    expect(screen.getByLabelText('Title')).toHaveValue('Reordered');
    expect(screen.getByLabelText('Content')).toHaveValue('Some words');
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(within(preview).getByText('Reordered')).toBeInTheDocument();
    // The preview holds the video's box: its play button, since the player loads on play
    // (docs/product/rules-and-limits.md#player).
    expect(within(preview).getByRole('button', { name: /^Play/ })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Move Text up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Drag to reorder: Video' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move Video up' }));
    expect(screen.getByRole('button', { name: 'Move Video up' })).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Advanced editor' }));
    expect(screen.getByLabelText('Content')).toHaveValue('Some words');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(stub.calls('POST', '/api/josies')).toHaveLength(1));
    expect(sentParagraphs(stub.calls('POST', '/api/josies')[0]).map((p) => p.type)).toEqual([
      'video',
      'text',
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
  });
});

describe('josie editor: leaving with unsaved changes', () => {
  it('asks before Back discards changes; Keep editing stays, Leave goes', async () => {
    const { user, router } = renderEditor('/josie/new', [myJosies]);
    await user.type(await screen.findByLabelText('Title'), 'Half a thought');
    await user.click(screen.getByRole('link', { name: 'Back' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to this josie will be lost.');
    expect(router.state.location.pathname).toBe('/josie/new');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/josie/new');
    expect(screen.getByLabelText('Title')).toHaveValue('Half a thought');

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
  });

  it('leaves at once when nothing changed, or when the change was undone', async () => {
    const { user, router } = renderEditor('/josie/new', [myJosies]);
    const title = await screen.findByLabelText('Title');
    await user.type(title, 'x');
    await user.clear(title);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm closing or reloading the tab while changes are unsaved', async () => {
    const { user } = renderEditor('/josie/new', [myJosies]);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByLabelText('Title');
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Title'), 'Unsaved');
    expect(unload()).toBe(true);
  });
});

describe('josie editor: a josie changed elsewhere (docs/decisions/0041-edits-carry-their-version.md)', () => {
  const TEXTS = {
    en: {
      titleLabel: 'Title',
      save: 'Save changes',
      dialog: 'This josie was changed elsewhere since you opened it',
      reason:
        'Someone saved a newer version after you opened it (maybe you, in another tab). Your changes are not saved yet.',
      later: 'Not now',
      reload: 'Reload (discard your changes)',
      overwrite: 'Overwrite (keep your changes)',
      reloaded: 'Loaded the saved version',
    },
    he: {
      titleLabel: 'כותרת',
      save: 'שמירת שינויים',
      dialog: 'הג׳וזי הזו שונתה במקום אחר מאז שפתחתם אותה',
      reason: 'מישהו שמר גרסה חדשה יותר אחרי שפתחתם (אולי אתם, בלשונית אחרת). השינויים שלכם עדיין לא נשמרו.',
      later: 'לא עכשיו',
      reload: 'טעינה מחדש (ביטול השינויים שלכם)',
      overwrite: 'החלפה (שמירת השינויים שלכם)',
      reloaded: 'הגרסה השמורה נטענה',
    },
  } as const;

  /** The josie as this tab opened it (version 2), and as another tab saved it since (version 3). */
  const opened = makeJosie({
    _id: 'j2',
    status: 'pending',
    version: 2,
    title: 'Night drive',
    creator: { ...makeJosie().creator, _id: ME },
    abilities: { edit: true, review: false, delete: true, seeReviews: true },
  });
  const theirs: Josie = {
    ...opened,
    version: 3,
    title: 'Their title',
    text: 'Their words',
    paragraphs: [{ type: 'text', content: 'Their words' }],
  };

  /** Opens the editor, changes the title and saves; the server refuses any save not based on version 3. */
  async function saveOverTheirs(language: 'en' | 'he') {
    if (language === 'he') window.localStorage.setItem('i18nextLng', 'he');
    const text = TEXTS[language];
    let reads = 0;
    const view = renderEditor(
      '/josie/edit/j2',
      [
        { method: 'GET', path: '/api/josies/j2', reply: () => json(200, reads++ === 0 ? opened : theirs) },
        {
          method: 'PUT',
          path: '/api/josies/j2',
          reply: (request) => {
            const form = request.body as FormData;
            if (form.get('baseVersion') !== '3') {
              return json(409, {
                message: 'This josie was changed since you opened it',
                code: 'STALE_VERSION',
              });
            }
            return json(200, { ...theirs, title: String(form.get('title')), version: 4 });
          },
        },
        myJosies,
      ],
      { language_select: 'true' },
    );
    if (language === 'he') {
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    }
    const title = await screen.findByLabelText(text.titleLabel, {}, { timeout: 5000 });
    await waitFor(() => expect(title).toHaveValue('Night drive'));
    await view.user.clear(title);
    await view.user.type(title, 'My title');
    await view.user.click(screen.getByRole('button', { name: text.save }));
    const dialog = await screen.findByRole('alertdialog', { name: text.dialog });
    return { ...view, dialog, text };
  }

  const sent = (stub: ReturnType<typeof renderApp>['stub']) =>
    stub.calls('PUT', '/api/josies/j2').map((request) => {
      const form = request.body as FormData;
      return { baseVersion: form.get('baseVersion'), title: form.get('title') };
    });

  it.each(['en', 'he'] as const)(
    'offers to reload or overwrite, keeping the draft until one is chosen; reload loads theirs (%s, keyboard)',
    async (language) => {
      const { user, stub, router, dialog, text } = await saveOverTheirs(language);
      expect(dialog).toHaveTextContent(text.reason);
      // Focus starts on "not now"; the draft is still there behind the dialog.
      expect(within(dialog).getByRole('button', { name: text.later })).toHaveFocus();
      expect(screen.getByLabelText(text.titleLabel)).toHaveValue('My title');
      await user.tab();
      expect(within(dialog).getByRole('button', { name: text.reload })).toHaveFocus();
      await user.keyboard('{Enter}');

      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(await screen.findByText(text.reloaded)).toBeInTheDocument();
      expect(screen.getByLabelText(text.titleLabel)).toHaveValue('Their title');
      expect(router.state.location.pathname).toBe('/josie/edit/j2');
      // Saving now is based on the version loaded.
      await user.click(screen.getByRole('button', { name: text.save }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
      expect(sent(stub)).toEqual([
        { baseVersion: '2', title: 'My title' },
        { baseVersion: '3', title: 'Their title' },
      ]);
    },
    15_000,
  );

  it.each(['en', 'he'] as const)(
    'overwrites with the draft, saved over the version read again (%s, keyboard)',
    async (language) => {
      const { user, stub, router, dialog, text } = await saveOverTheirs(language);
      await user.tab();
      await user.tab();
      expect(within(dialog).getByRole('button', { name: text.overwrite })).toHaveFocus();
      await user.keyboard('{Enter}');

      await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
      expect(sent(stub)).toEqual([
        { baseVersion: '2', title: 'My title' },
        { baseVersion: '3', title: 'My title' },
      ]);
    },
    15_000,
  );

  it('keeps the draft, unsaved, when the dialog is closed with Escape', async () => {
    const { user, stub, router } = await saveOverTheirs('en');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Title')).toHaveValue('My title');
    expect(router.state.location.pathname).toBe('/josie/edit/j2');
    expect(stub.calls('PUT', '/api/josies/j2')).toHaveLength(1);
    expect(stub.calls('GET', '/api/josies/j2')).toHaveLength(1);
    // Leaving still asks: the changes are unsaved.
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  }, 15_000);
});

describe('who can comment (docs/decisions/0046-comments.md)', () => {
  it('is not offered while comments are off', async () => {
    const { stub } = renderEditor('/josie/new', [myJosies], { comments: 'false' });
    await screen.findByLabelText('Title');
    // Until the server's flags arrive the defaults (on) hold; once they have, the field is gone.
    await waitFor(() => expect(stub.calls('GET', '/api/config/flags')).not.toHaveLength(0));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Who can comment' })).toBeNull());
  });

  it("sends a new josie's choice with it", async () => {
    const { user, stub, router } = renderEditor(
      '/josie/new',
      [{ method: 'POST', path: '/api/josies', reply: () => json(201, makeJosie()) }, myJosies],
      { comments: 'true' },
    );
    await user.type(await screen.findByLabelText('Title'), 'For my followers');
    const group = screen.getByRole('group', { name: 'Who can comment' });
    expect(within(group).getByRole('radio', { name: 'Everyone' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'My followers only' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
    const form = stub.calls('POST', '/api/josies')[0]?.body as FormData;
    expect(form.get('commentPolicy')).toBe('followers');
  });

  it("saves an existing josie's choice at once, apart from the edit", async () => {
    const josie = makeJosie({
      _id: 'j1',
      title: 'Night drive',
      status: 'published',
      commentPolicy: 'everyone',
      creator: { ...makeJosie().creator, _id: ME },
      abilities: { edit: true, review: false, delete: true, seeReviews: true },
    });
    const { user, stub } = renderEditor(
      '/josie/edit/j1',
      [
        { method: 'GET', path: '/api/josies/j1', reply: () => json(200, josie) },
        {
          method: 'PUT',
          path: '/api/josies/j1/comment-policy',
          reply: () => json(200, { data: { policy: 'off' } }),
        },
        myJosies,
      ],
      { comments: 'true' },
    );
    expect(await screen.findByLabelText('Title', {}, { timeout: 4000 })).toHaveValue('Night drive');
    await user.click(screen.getByRole('radio', { name: 'No one (comments off)' }));
    expect(await screen.findByText('Comment settings saved')).toBeInTheDocument();
    expect(stub.calls('PUT', '/api/josies/j1/comment-policy')[0]?.body).toEqual({ policy: 'off' });
    expect(stub.calls('PUT', '/api/josies/j1')).toHaveLength(0);
    expect(screen.getByRole('radio', { name: 'No one (comments off)' })).toBeChecked();
  });
});
