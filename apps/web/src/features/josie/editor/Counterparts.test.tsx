import type { Josie } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, type RecordedRequest, type StubRoute } from '../../../test/fetchStub';
import { makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { ME, makeJosie, SPOTIFY_TRACK } from '../testing';

const FOUND = 'https://www.youtube.com/watch?v=4NRXx6U8ABQ';
const MINE = 'https://www.youtube.com/watch?v=MV_3Dpw-BRY';

const josie: Josie = makeJosie({
  _id: 'j1',
  status: 'pending',
  creator: { ...makeJosie().creator, _id: ME },
  abilities: { edit: true, review: false, delete: true, seeReviews: false },
  paragraphs: [
    {
      type: 'audioItem',
      content: {
        name: 'Nightcall',
        type: 'track',
        url: SPOTIFY_TRACK,
        provider: 'spotify',
        image: null,
        artist: 'Kavinsky',
      },
    },
  ],
});

function links(found: boolean): StubRoute {
  return {
    method: 'GET',
    path: '/api/audio/links',
    reply: (request) => {
      expect(new URL(request.url, 'http://x').searchParams.get('url')).toBe(SPOTIFY_TRACK);
      return json(200, {
        data: {
          title: 'Nightcall',
          artistName: 'Kavinsky',
          thumbnailUrl: null,
          links: [
            { platform: 'spotify', url: SPOTIFY_TRACK, source: 'original', confidence: null },
            ...(found
              ? [
                  { platform: 'youtube', url: FOUND, source: 'search', confidence: 0.82 },
                  {
                    platform: 'deezer',
                    url: 'https://www.deezer.com/track/1',
                    source: 'odesli',
                    confidence: null,
                  },
                ]
              : []),
          ],
        },
      });
    },
  };
}

function renderEditor(route: StubRoute) {
  return renderApp('/josie/edit/j1', {
    session: makeSession('curator'),
    routes: [
      route,
      { method: 'GET', path: '/api/josies/j1', reply: () => json(200, josie) },
      { method: 'PUT', path: '/api/josies/j1', reply: () => json(200, josie) },
      { method: 'GET', path: '/api/josies/my-josies', reply: () => json(200, { data: { posts: [josie] } }) },
      {
        method: 'GET',
        path: '/api/ai/providers',
        reply: () => json(503, { message: 'AI is not configured', code: 'NOT_CONFIGURED' }),
      },
    ],
  });
}

/** The audio item's content a save sent. */
function sentAudio(request: RecordedRequest | undefined) {
  const form = request?.body as FormData;
  const paragraphs = JSON.parse(String(form.get('paragraphs'))) as Array<{ type: string; content: unknown }>;
  return paragraphs.find((p) => p.type === 'audioItem')?.content as { counterparts?: unknown };
}

const panel = () => screen.findByRole('region', { name: 'On other services' }, { timeout: 5000 });

beforeAll(async () => {
  await import('../JosieEditorPage');
});

describe("the curator's counterparts (docs/decisions/0022-listen-on-your-own-service.md)", () => {
  it('shows what was found and sends a confirmed counterpart', async () => {
    const { user, stub } = renderEditor(links(true));
    const region = await panel();
    expect(await within(region).findByText('Found on YouTube')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: FOUND })).toHaveAttribute('href', FOUND);
    expect(within(region).getByText('Best match, 82% sure')).toBeInTheDocument();
    expect(within(region).getByText('Deezer')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Confirm' }));
    expect(within(region).getByText('Confirmed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(stub.calls('PUT', '/api/josies/j1')).toHaveLength(1));
    expect(sentAudio(stub.calls('PUT', '/api/josies/j1')[0]).counterparts).toEqual({ youtube: FOUND });
  });

  it('replaces it with a pasted YouTube link, refusing a link of another service', async () => {
    const { user, stub } = renderEditor(links(true));
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Replace' }));
    const input = within(region).getByLabelText('YouTube link');
    await user.type(input, 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b');
    await user.click(within(region).getByRole('button', { name: 'Use this link' }));
    expect(within(region).getByRole('alert')).toHaveTextContent("That isn't a YouTube link.");
    await user.clear(input);
    await user.type(input, 'https://youtu.be/MV_3Dpw-BRY');
    await user.click(within(region).getByRole('button', { name: 'Use this link' }));
    expect(within(region).getByText('Your link on YouTube')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(stub.calls('PUT', '/api/josies/j1')).toHaveLength(1));
    expect(sentAudio(stub.calls('PUT', '/api/josies/j1')[0]).counterparts).toEqual({ youtube: MINE });
  });

  it('removes the counterpart (null: readers on YouTube get the original)', async () => {
    const { user, stub } = renderEditor(links(true));
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Remove' }));
    expect(within(region).getByText('Removed: readers on YouTube get the original.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(stub.calls('PUT', '/api/josies/j1')).toHaveLength(1));
    expect(sentAudio(stub.calls('PUT', '/api/josies/j1')[0]).counterparts).toEqual({ youtube: null });
  });

  it('says nothing was found, and that readers see the original when the look-up fails', async () => {
    const first = renderEditor(links(false));
    expect(await within(await panel()).findByText('Nothing found on YouTube.')).toBeInTheDocument();
    first.unmount();
    renderEditor({
      method: 'GET',
      path: '/api/audio/links',
      reply: () => json(503, { message: 'Not configured', code: 'SERVICE_UNAVAILABLE' }),
    });
    expect(await within(await panel()).findByRole('alert')).toHaveTextContent(
      "Couldn't look up other services right now — readers will see the original.",
    );
  });
});
