/**
 * A Pixabay stand-in (`GET /api/?key=&q=&image_type=&safesearch=&page=&per_page=` and `?id=`), answering
 * with the shapes of Pixabay's API documentation, including its plain-text errors (`[ERROR 400] ...`) and
 * its cap of 500 browsable hits. The query `guitar` has 45 hits (3 pages of 20), `nothing` none, any
 * other word 5.
 */
import { createStandinApp, listen, type Standin } from './standin.js';

const hitsFor = (query: string) => (query === 'nothing' ? 0 : query === 'guitar' ? 45 : 5);

/** Options of {@link startPixabayStandin}. */
export interface PixabayStandinOptions {
  apiKey?: string;
  /** Where `largeImageURL` points (e.g. the HTTPS image host stand-in, so imports work end to end). */
  imageBaseUrl?: string;
}

/** Starts the Pixabay stand-in. */
export async function startPixabayStandin(opts: PixabayStandinOptions = {}) {
  const { app, requests, failNext, reset } = createStandinApp();
  const apiKey = opts.apiKey ?? 'pixabay-api-key';

  const hit = (id: number, query: string) => ({
    id,
    pageURL: `https://pixabay.com/photos/${query}-${id}/`,
    type: 'photo',
    tags: `${query}, music, instrument`,
    previewURL: `https://cdn.pixabay.com/photo/2024/01/01/${id}_150.jpg`,
    previewWidth: 150,
    previewHeight: 100,
    webformatURL: `https://pixabay.com/get/${id}_640.jpg`,
    webformatWidth: 640,
    webformatHeight: 427,
    largeImageURL: opts.imageBaseUrl
      ? `${opts.imageBaseUrl}/photo.png?pixabay=${id}`
      : `https://pixabay.com/get/${id}_1280.jpg`,
    imageWidth: 6000,
    imageHeight: 4000,
    imageSize: 4_000_000,
    views: 1000,
    downloads: 500,
    collections: 10,
    likes: 40,
    comments: 5,
    user_id: 12345,
    user: 'Standin_Photographer',
    userImageURL: 'https://cdn.pixabay.com/user/2024/01/01/avatar_250x250.jpg',
  });

  app.get('/api/', async (request, reply) => {
    const q = request.query as Record<string, string>;
    if (q.key !== apiKey)
      return reply.status(400).type('text/plain').send('[ERROR 400] Invalid or missing API key.');
    if (q.id) {
      const id = Number(q.id);
      if (!Number.isInteger(id) || id < 1000 || id > 1999) {
        return reply.status(400).type('text/plain').send('[ERROR 400] Invalid id');
      }
      return { total: 1, totalHits: 1, hits: [hit(id, 'guitar')] };
    }
    const query = (q.q ?? '').toLowerCase();
    const page = Number(q.page ?? 1);
    const perPage = Number(q.per_page ?? 20);
    if (perPage < 3 || perPage > 200) {
      return reply.status(400).type('text/plain').send('[ERROR 400] "per_page" is out of valid range.');
    }
    const total = hitsFor(query);
    const totalHits = Math.min(total, 500);
    const start = (page - 1) * perPage;
    if (page > 1 && start >= totalHits) {
      return reply.status(400).type('text/plain').send('[ERROR 400] "page" is out of valid range.');
    }
    const count = Math.max(0, Math.min(perPage, totalHits - start));
    return { total, totalHits, hits: Array.from({ length: count }, (_, i) => hit(1000 + start + i, query)) };
  });

  const url = await listen(app);
  return {
    url,
    requests,
    failNext,
    reset,
    apiKey,
    env: { PIXABAY_API_KEY: apiKey, PIXABAY_BASE_URL: `${url}/api` },
    close: () => app.close(),
  } satisfies Standin & Record<string, unknown>;
}
export type PixabayStandin = Awaited<ReturnType<typeof startPixabayStandin>>;
