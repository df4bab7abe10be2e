/**
 * An Openverse stand-in (`GET /v1/images/?q=&page=&page_size=&mature=&category=` and
 * `GET /v1/images/{id}/`), answering with the shapes of the Openverse API reference, including its limits
 * for anonymous clients (page size 20; 401 above) and its JSON errors (`{detail}`). The query `guitar` has
 * 45 results, `nothing` none, any other word 5.
 */
import { createStandinApp, listen, type Standin } from './standin.js';

const resultsFor = (query: string) => (query === 'nothing' ? 0 : query === 'guitar' ? 45 : 5);
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Options of {@link startOpenverseStandin}. */
export interface OpenverseStandinOptions {
  /** Where `url` points (e.g. the HTTPS image host stand-in, so imports work end to end). */
  imageBaseUrl?: string;
}

/** Starts the Openverse stand-in. */
export async function startOpenverseStandin(opts: OpenverseStandinOptions = {}) {
  const { app, requests, failNext, reset } = createStandinApp();
  let base = '';

  const image = (n: number, query: string) => {
    const id = idOf(n);
    return {
      id,
      title: `${query} ${n}`,
      indexed_on: '2024-01-01T00:00:00Z',
      foreign_landing_url: `https://www.flickr.com/photos/someone/${n}`,
      url: opts.imageBaseUrl
        ? `${opts.imageBaseUrl}/photo.jpg?openverse=${n}`
        : `https://live.staticflickr.com/${n}.jpg`,
      creator: n % 2 === 0 ? 'Jane Doe' : null,
      creator_url: 'https://www.flickr.com/photos/someone',
      license: 'by-sa',
      license_version: '2.0',
      license_url: 'https://creativecommons.org/licenses/by-sa/2.0/',
      provider: 'flickr',
      source: 'flickr',
      category: 'photograph',
      filesize: null,
      filetype: 'jpg',
      tags: [
        { name: query, accuracy: null },
        { name: 'music', accuracy: 0.9 },
      ],
      attribution:
        n % 3 === 0
          ? null
          : `"${query} ${n}" by Jane Doe is licensed under CC BY-SA 2.0. To view a copy of this license, visit https://creativecommons.org/licenses/by-sa/2.0/.`,
      fields_matched: ['title'],
      mature: false,
      height: 480,
      width: 640,
      thumbnail: `${base}/v1/images/${id}/thumb/`,
      detail_url: `${base}/v1/images/${id}/`,
      related_url: `${base}/v1/images/${id}/related/`,
      unstable__sensitivity: [],
    };
  };

  app.get('/v1/images/', async (request, reply) => {
    const q = request.query as Record<string, string>;
    const pageSize = Number(q.page_size ?? 20);
    const page = Number(q.page ?? 1);
    if (pageSize > 20) {
      return reply.status(401).send({ detail: 'Authentication credentials were not provided.' });
    }
    const query = (q.q ?? '').toLowerCase();
    const total = resultsFor(query);
    const pageCount = Math.min(Math.ceil(total / pageSize), Math.floor(240 / pageSize));
    if (page > Math.max(pageCount, 1)) {
      return reply.status(400).send({ detail: `Invalid page: ${page}. Must be between 1 and ${pageCount}.` });
    }
    const start = (page - 1) * pageSize;
    const count = Math.max(0, Math.min(pageSize, total - start));
    return {
      result_count: total,
      page_count: pageCount,
      page_size: pageSize,
      page,
      results: Array.from({ length: count }, (_, i) => image(start + i + 1, query)),
      warnings: [],
    };
  });

  app.get('/v1/images/:id/', async (request, reply) => {
    const { id } = request.params as { id: string };
    const n = Number(id.slice(-12));
    if (!id.startsWith('00000000-0000-4000-8000-') || !(n >= 1 && n <= 45)) {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    return image(n, 'guitar');
  });

  const url = await listen(app);
  base = url;
  return {
    url,
    requests,
    failNext,
    reset,
    env: { OPENVERSE_BASE_URL: `${url}/v1` },
    close: () => app.close(),
  } satisfies Standin & Record<string, unknown>;
}
export type OpenverseStandin = Awaited<ReturnType<typeof startOpenverseStandin>>;
