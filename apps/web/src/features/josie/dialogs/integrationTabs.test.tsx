import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/queryClient';
import { readStoredToken, storeSession } from '../../../session/storage';
import { fetchStub, json } from '../../../test/fetchStub';
import { makeSession } from '../../../test/fixtures';
import { AudioSearchTab } from './AudioSearchTab';
import { ImageAiTab } from './ImageAiTab';
import { ImageSearchTab } from './ImageSearchTab';
import { ImageUrlTab, imageUrlProblem } from './ImageUrlTab';
import { VideoSearchTab } from './VideoSearchTab';

function renderTab(node: ReactNode) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      {node}
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

const AFRICA = {
  id: '2374M0fQpWi3dLnB54qaLX',
  type: 'track',
  name: 'Africa',
  provider: 'spotify',
  url: 'https://open.spotify.com/track/2374M0fQpWi3dLnB54qaLX',
  image: 'https://i.scdn.co/image/cover.jpg',
  artist: 'Toto',
  artists: [{ name: 'Toto' }],
  images: [],
};
const allTypes = { supportedTypes: { track: true, album: true, playlist: true } };
const notConfigured = (what: string) =>
  json(503, { message: `${what} is not configured`, code: 'NOT_CONFIGURED' });

describe('AudioSearchTab', () => {
  it('searches after the pause and adds the chosen result', async () => {
    const stub = fetchStub();
    stub.use(
      { method: 'GET', path: /^\/api\/audio\/supported-types\//, reply: () => json(200, allTypes) },
      { method: 'GET', path: '/api/audio/search', reply: () => json(200, { items: [AFRICA] }) },
    );
    const onAdd = vi.fn();
    const user = renderTab(<AudioSearchTab onAdd={onAdd} />);
    await user.type(screen.getByLabelText('Search for music'), 'Africa');
    expect(stub.calls('GET', '/api/audio/search')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Add Africa' }, { timeout: 2000 }));
    const [search] = stub.calls('GET', '/api/audio/search');
    expect(stub.calls('GET', '/api/audio/search')).toHaveLength(1);
    expect(Object.fromEntries(search?.url.searchParams ?? [])).toEqual({
      query: 'Africa',
      type: 'track',
      provider: 'spotify',
    });
    expect(onAdd).toHaveBeenCalledWith({
      name: 'Africa',
      type: 'track',
      url: AFRICA.url,
      provider: 'spotify',
      image: AFRICA.image,
      id: AFRICA.id,
      artist: 'Toto',
    });
    expect(screen.getByRole('tab', { name: 'Albums' })).toBeInTheDocument();
  });

  it('assumes only tracks when the supported types cannot be loaded, and says when search is not configured', async () => {
    fetchStub().use(
      {
        method: 'GET',
        path: /^\/api\/audio\/supported-types\//,
        reply: () => json(500, { message: 'x', code: 'INTERNAL' }),
      },
      { method: 'GET', path: '/api/audio/search', reply: () => notConfigured('Spotify search') },
    );
    const user = renderTab(<AudioSearchTab onAdd={vi.fn()} />);
    expect(await screen.findByText('Only tracks can be searched right now.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Albums' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Search for music'), 'Africa');
    expect(
      await screen.findByText(
        'Spotify search is not configured on this server. Paste a link instead.',
        undefined,
        {
          timeout: 2000,
        },
      ),
    ).toBeInTheDocument();
  });

  it('shows the generic failure, and offers to connect the provider on PROVIDER_AUTH', async () => {
    const stub = fetchStub();
    let answer = json(502, { message: 'Provider failed', code: 'PROVIDER_ERROR' });
    stub.use(
      { method: 'GET', path: /^\/api\/audio\/supported-types\//, reply: () => json(200, allTypes) },
      { method: 'GET', path: '/api/audio/search', reply: () => answer },
    );
    const user = renderTab(<AudioSearchTab onAdd={vi.fn()} />);
    await user.type(screen.getByLabelText('Search for music'), 'Africa');
    expect(
      await screen.findByText('Failed to search audio content', undefined, { timeout: 2000 }),
    ).toBeInTheDocument();
    answer = json(401, { message: 'Sign in again', code: 'PROVIDER_AUTH' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Connect Spotify' })).toBeInTheDocument();
  });
});

describe('AudioSearchTab errors (docs/product/messages.md#media)', () => {
  it("shows the server's message for a 400, and says the session ended for the session's own 401", async () => {
    storeSession(makeSession('curator'));
    const stub = fetchStub();
    let answer = json(400, { message: 'Spotify does not support album search', code: 'UNSUPPORTED_TYPE' });
    stub.use(
      { method: 'GET', path: /^\/api\/audio\/supported-types\//, reply: () => json(200, allTypes) },
      { method: 'GET', path: '/api/audio/search', reply: () => answer },
    );
    const user = renderTab(<AudioSearchTab onAdd={vi.fn()} />);
    await user.type(screen.getByLabelText('Search for music'), 'Africa');
    expect(
      await screen.findByText("This kind of search isn't supported.", undefined, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to search audio content')).not.toBeInTheDocument();

    answer = json(401, { message: 'Authentication required', code: 'UNAUTHENTICATED' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    // The API client signed out; the route guard (not rendered here) takes the person to log in.
    expect(readStoredToken()).toBeNull();
    // A session that ended is not a provider to connect.
    expect(screen.queryByRole('button', { name: 'Connect Spotify' })).not.toBeInTheDocument();
  });
});

describe('VideoSearchTab', () => {
  it('adds a found video as the video content', async () => {
    const video = {
      url: 'https://www.youtube.com/watch?v=djV11Xbc914',
      title: 'a-ha - Take On Me',
      thumbnailUrl: null,
      channelTitle: 'a-ha',
      id: 'djV11Xbc914',
      type: 'video',
    };
    fetchStub().use({ method: 'GET', path: '/api/video/search', reply: () => json(200, { items: [video] }) });
    const onAdd = vi.fn();
    const user = renderTab(<VideoSearchTab onAdd={onAdd} />);
    await user.type(screen.getByLabelText('Search YouTube'), 'take on me');
    await user.click(await screen.findByRole('button', { name: 'Add a-ha - Take On Me' }, { timeout: 2000 }));
    expect(onAdd).toHaveBeenCalledWith(video);
  });

  it('says when YouTube search is not configured, and the search error otherwise', async () => {
    let answer = notConfigured('YouTube search');
    fetchStub().use({ method: 'GET', path: '/api/video/search', reply: () => answer });
    const user = renderTab(<VideoSearchTab onAdd={vi.fn()} />);
    await user.type(screen.getByLabelText('Search YouTube'), 'x');
    expect(
      await screen.findByText(/YouTube search is not configured on this server/, undefined, {
        timeout: 2000,
      }),
    ).toBeInTheDocument();
    answer = json(500, { message: 'boom', code: 'INTERNAL' });
    await user.type(screen.getByLabelText('Search YouTube'), 'y');
    expect(
      await screen.findByText('Failed to search videos', undefined, { timeout: 2000 }),
    ).toBeInTheDocument();
  });
});

describe('ImageUrlTab', () => {
  it('checks the link in the spec order', () => {
    expect(imageUrlProblem('  ')).toBe('required');
    expect(imageUrlProblem('not a url')).toBe('invalid');
    expect(imageUrlProblem('http://example.com/a.jpg')).toBe('https');
    expect(imageUrlProblem('https://localhost/a.jpg')).toBe('domain');
    expect(imageUrlProblem('https://example.com/')).toBe('file');
    expect(imageUrlProblem('https://example.com/a.jpg')).toBeNull();
  });

  it('shows the client message, then the server refusal, then adds the imported copy', async () => {
    const stub = fetchStub();
    let answer = json(400, { message: 'The URL does not contain a valid image', code: 'INVALID_IMAGE' });
    stub.use({ method: 'POST', path: '/api/images/upload-url', reply: () => answer });
    const onAdd = vi.fn();
    const user = renderTab(<ImageUrlTab onAdd={onAdd} />);
    await user.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(screen.getByText('Please enter an image URL')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Image link'), 'https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(screen.getByText('URL must point to a specific file')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/images/upload-url')).toHaveLength(0);
    await user.type(screen.getByLabelText('Image link'), 'a.jpg');
    await user.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(await screen.findByText("This isn't an image.")).toBeInTheDocument();
    answer = json(201, { url: '/uploads/images/abc.webp' });
    await user.click(screen.getByRole('button', { name: 'Use this image' }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({ source: 'url', url: '/uploads/images/abc.webp' }),
    );
    expect(stub.calls('POST', '/api/images/upload-url')[0]?.body).toEqual({
      url: 'https://example.com/a.jpg',
    });
  });
});

const image = (id: string) => ({
  id,
  thumbnailUrl: `https://cdn.example/${id}-s.jpg`,
  largeImageUrl: `https://cdn.example/${id}-l.jpg`,
  provider: 'pixabay',
  attribution: 'Photo by Standin on Pixabay',
  user: 'Standin',
  width: 640,
  height: 480,
  tags: [`guitar ${id}`],
  pageUrl: null,
  licenseUrl: null,
});

describe('ImageSearchTab', () => {
  it('needs a term, pages through results with attribution, and imports the chosen image', async () => {
    const stub = fetchStub();
    stub.use(
      {
        method: 'GET',
        path: '/api/images/providers',
        reply: () =>
          json(200, [
            { name: 'pixabay', attributionUrl: 'https://pixabay.com/' },
            { name: 'openverse', attributionUrl: 'https://openverse.org/' },
          ]),
      },
      {
        method: 'GET',
        path: '/api/images/search',
        reply: (request) => {
          const page = Number(request.url.searchParams.get('page'));
          return json(200, {
            images: [image(`p${page}`)],
            pagination: { page, perPage: 20, total: 40, totalPages: 2 },
          });
        },
      },
      {
        method: 'POST',
        path: '/api/images/upload-url',
        reply: () => json(201, { url: '/uploads/images/p2.webp' }),
      },
    );
    const onAdd = vi.fn();
    const user = renderTab(<ImageSearchTab onAdd={onAdd} />);
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please enter a search term')).toBeInTheDocument();
    expect(screen.getByLabelText('Image source')).toHaveValue('pixabay');
    await user.type(screen.getByLabelText('Search for images'), 'guitar');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Images from Pixabay' })).toHaveAttribute(
      'href',
      'https://pixabay.com/',
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('page 2 of 2')).toBeInTheDocument();
    const params = Object.fromEntries(stub.calls('GET', '/api/images/search')[1]?.url.searchParams ?? []);
    expect(params).toEqual({
      query: 'guitar',
      page: '2',
      perPage: '20',
      imageType: 'photo',
      safeSearch: 'true',
      provider: 'pixabay',
    });
    await user.click(screen.getByRole('button', { name: 'Use image: guitar p2' }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({ source: 'url', url: '/uploads/images/p2.webp' }),
    );
    expect(stub.calls('POST', '/api/images/upload-url')[0]?.body).toEqual({
      url: 'https://cdn.example/p2-l.jpg',
    });
  });

  it('shows image.search.error when the search fails', async () => {
    fetchStub().use(
      {
        method: 'GET',
        path: '/api/images/providers',
        reply: () => json(200, [{ name: 'openverse', attributionUrl: 'https://openverse.org/' }]),
      },
      {
        method: 'GET',
        path: '/api/images/search',
        reply: () => json(502, { message: 'x', code: 'PROVIDER_ERROR' }),
      },
    );
    const user = renderTab(<ImageSearchTab onAdd={vi.fn()} />);
    await user.type(await screen.findByLabelText('Search for images'), 'guitar');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Failed to search images')).toBeInTheDocument();
  });
});

describe('image endpoints when the session has ended (docs/product/messages.md#media: a 401)', () => {
  it('say so from the search', async () => {
    storeSession(makeSession('curator'));
    const ended = () => json(401, { message: 'Authentication required', code: 'UNAUTHENTICATED' });
    fetchStub().use(
      {
        method: 'GET',
        path: '/api/images/providers',
        reply: () => json(200, [{ name: 'openverse', attributionUrl: 'https://openverse.org/' }]),
      },
      { method: 'GET', path: '/api/images/search', reply: ended },
    );
    const user = renderTab(<ImageSearchTab onAdd={vi.fn()} />);
    await user.type(await screen.findByLabelText('Search for images'), 'guitar');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(readStoredToken()).toBeNull();
  });

  it('say so from a link import', async () => {
    storeSession(makeSession('curator'));
    fetchStub().use({
      method: 'POST',
      path: '/api/images/upload-url',
      reply: () => json(401, { message: 'Authentication required', code: 'UNAUTHENTICATED' }),
    });
    const user = renderTab(<ImageUrlTab onAdd={vi.fn()} />);
    await user.type(screen.getByLabelText('Image link'), 'https://example.com/a.jpg');
    await user.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });
});

describe('ImageAiTab', () => {
  const providers = (available: boolean) => ({
    method: 'GET',
    path: '/api/ai/providers',
    reply: () => json(200, { data: [{ name: 'openai', available }] }),
  });

  it('says AI image generation is not available when the server has none', async () => {
    fetchStub().use(providers(false));
    renderTab(<ImageAiTab onAdd={vi.fn()} josie={{ title: '', text: '' }} />);
    expect(
      await screen.findByText(/AI image generation is not available on this server/),
    ).toBeInTheDocument();
  });

  it('requires a prompt and text, writes a prompt from the text and generates the image', async () => {
    const stub = fetchStub();
    stub.use(providers(true), {
      method: 'POST',
      path: '/api/ai/generate',
      reply: (request) =>
        json(200, {
          data: {
            result:
              (request.body as { type: string }).type === 'text'
                ? 'A neon album cover'
                : '/uploads/images/ai.webp',
          },
        }),
    });
    const onAdd = vi.fn();
    const user = renderTab(<ImageAiTab onAdd={onAdd} josie={{ title: 'Summer', text: '' }} />);
    await user.click(await screen.findByRole('button', { name: 'Generate image' }));
    expect(screen.getByText('Please enter a prompt for image generation')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Write a prompt from the josie text' }));
    expect(screen.getByText('No josie text available to generate a prompt')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/ai/generate')).toHaveLength(0);
  });

  it('writes the prompt from the josie and uses the generated image', async () => {
    const stub = fetchStub();
    stub.use(providers(true), {
      method: 'POST',
      path: '/api/ai/generate',
      reply: (request) =>
        json(200, {
          data: {
            result:
              (request.body as { type: string }).type === 'text'
                ? 'A neon album cover'
                : '/uploads/images/ai.webp',
          },
        }),
    });
    const onAdd = vi.fn();
    const user = renderTab(<ImageAiTab onAdd={onAdd} josie={{ title: 'Summer', text: 'Bright keys' }} />);
    await user.click(await screen.findByRole('button', { name: 'Write a prompt from the josie text' }));
    await waitFor(() => expect(screen.getByLabelText('Prompt')).toHaveValue('A neon album cover'));
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    await user.click(await screen.findByRole('button', { name: 'Use this image' }));
    expect(onAdd).toHaveBeenCalledWith({ source: 'url', url: '/uploads/images/ai.webp' });
    expect(stub.calls('POST', '/api/ai/generate').map((r) => r.body)).toEqual([
      {
        type: 'text',
        templateId: 'image-prompt-from-josie',
        variables: { title: 'Summer', text: 'Bright keys' },
      },
      { type: 'image', templateId: 'image-from-text', variables: { prompt: 'A neon album cover' } },
    ]);
  });

  it('shows aiGenerationError when generation fails', async () => {
    fetchStub().use(providers(true), {
      method: 'POST',
      path: '/api/ai/generate',
      reply: () => json(502, { message: 'x', code: 'PROVIDER_ERROR' }),
    });
    const user = renderTab(<ImageAiTab onAdd={vi.fn()} josie={{ title: '', text: '' }} />);
    await user.type(await screen.findByLabelText('Prompt'), 'neon');
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText('Image generation failed. Please try again.')).toBeInTheDocument();
  });
});
