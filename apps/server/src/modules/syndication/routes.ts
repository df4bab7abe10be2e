import {
  ATOM_MEDIA_TYPE,
  CuratorFeedParams,
  GenreFeedParams,
  SitemapPageParams,
  SYNDICATION_ROUTES,
} from '@josie/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import type { AppContext } from '../../context.js';
import type { FeedDocument } from '../../reads/feed-documents.js';

/** The sitemap's and robots.txt's media types. */
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/**
 * Answers a feed with its validators (RFC 9110, section 8.8): a weak `ETag` (weak because the same feed
 * is sent compressed or not, decision 0030) and `Last-Modified`, `Cache-Control: public, no-cache` so a
 * reader and any cache in between revalidate every poll; a request whose `If-None-Match` (or, without one,
 * `If-Modified-Since`) matches gets 304 with no body (evaluated by the `fresh` library, as Express does).
 */
function sendFeed(request: FastifyRequest, reply: FastifyReply, document: FeedDocument): FastifyReply {
  const validators = { etag: document.etag, 'last-modified': document.lastModified.toUTCString() };
  reply.headers(validators).header('cache-control', 'public, no-cache');
  if (fresh(request.headers, validators)) return reply.code(304).send();
  return reply.type(`${ATOM_MEDIA_TYPE}; charset=utf-8`).send(document.xml);
}

/**
 * Feeds and search engines, outside `/api` (docs/decisions/0042-feeds-and-search-engines.md), public (they
 * show only what every visitor may read), each request's parameters validated with the contract's schemas:
 * - `GET /curator/{curatorId}/feed.atom`: a live curator's Atom feed; 404 `NOT_FOUND` for any other id;
 * - `GET /explore/genre/{name}/feed.atom`: a genre's Atom feed; 404 for a name that is no genre;
 * - `GET /sitemap.xml`: the sitemap index; `GET /sitemaps/{kind}/{page}.xml`: one of its files, streamed
 *   (400 for a kind or page that is not one, 404 past the last page), at most `RATE_LIMIT_DISCOVERY_MAX`
 *   a minute per address (each file reads up to 50,000 rows);
 * - `GET /robots.txt`.
 * Feeds answer 200 with `application/atom+xml` or 304 (see {@link sendFeed}).
 */
export const syndicationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const syndication = ctx.services.syndication;
  const perAddress = app.rateLimit({
    max: ctx.config.rateLimit.discoveryMax,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `sitemap:${req.ip}`,
  });
  const options = { config: { access: 'public' as const } };

  app.get(
    SYNDICATION_ROUTES.curatorFeed,
    { ...options, schema: { params: CuratorFeedParams, hide: true } },
    async (request, reply) =>
      sendFeed(request, reply, await syndication.curatorFeed(request.params.curatorId)),
  );

  app.get(
    SYNDICATION_ROUTES.genreFeed,
    { ...options, schema: { params: GenreFeedParams, hide: true } },
    async (request, reply) => sendFeed(request, reply, await syndication.genreFeed(request.params.name)),
  );

  app.get(
    SYNDICATION_ROUTES.sitemapIndex,
    { ...options, schema: { hide: true }, preHandler: perAddress },
    async (_request, reply) =>
      reply
        .type(XML)
        .header('cache-control', 'public, max-age=3600')
        .send(await syndication.sitemapIndex()),
  );

  app.get(
    SYNDICATION_ROUTES.sitemapPage,
    { ...options, schema: { params: SitemapPageParams, hide: true }, preHandler: perAddress },
    async (request, reply) => {
      const { kind, page } = request.params;
      const body = await syndication.sitemapPage(kind, page);
      return reply.type(XML).header('cache-control', 'public, max-age=3600').send(body);
    },
  );

  app.get(SYNDICATION_ROUTES.robots, { ...options, schema: { hide: true } }, async (_request, reply) =>
    reply.type(TEXT).header('cache-control', 'public, max-age=3600').send(syndication.robots()),
  );
};
