import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errors } from '../../lib/errors.js';
import { publicEtag } from '../../lib/etag.js';
import { pageLanguage } from '../../lib/first-paint.js';
import { route } from '../../lib/route.js';
import { WEB_DIST_DIR } from '../../paths.js';
import { isUuid } from '../josies/index.js';
import { josiePageOf, presentOembed } from './oembed.js';
import { embedPageHtml, visitorJosie } from './page.js';

/**
 * Josie as an oEmbed provider and the embed page other sites frame (docs/decisions/0043-embeds.md).
 *
 * - `GET /api/oembed?url=&maxwidth=&maxheight=&format=json` (public): a published josie's page on this site
 *   as an oEmbed `rich` answer (`presentOembed`), tagged (`ETag`, 304 on `If-None-Match`,
 *   `Cache-Control: public, no-cache`): the answer is the same for everyone. 404 `NOT_FOUND` for any URL that
 *   is not a published josie's page here (another host, another page, unknown, pending, rejected or deleted);
 *   501 `NOT_IMPLEMENTED` for `format=xml` (oEmbed 1.0, section 2.3); 400 `VALIDATION_ERROR` for a `maxwidth`
 *   or `maxheight` that is not a whole number of px from 1 to 10,000.
 * - `GET /embed/josie/{id}`: the web build's `embed.html` with the josie's answer written in, 200; for a josie
 *   a visitor may not read, 404 with the page alone (it draws the not-found embed). In the language of
 *   `pageLanguage` (`?lng=`, the `i18next` cookie, `Accept-Language`). Framable by any site (app.ts).
 */
export const embedsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { publicUrl } = ctx.config;
  const embedFile = join(ctx.config.webDistDir ?? WEB_DIST_DIR, 'embed.html');
  const embedHtml = existsSync(embedFile) ? readFileSync(embedFile, 'utf8') : undefined;

  route(app, endpoints.oembed, { onSend: publicEtag }, async (request) => {
    const { url, maxwidth, maxheight, format, lng } = request.query;
    if (format !== 'json') throw errors.notImplemented('Only format=json is offered');
    const page = josiePageOf(url, publicUrl);
    const found = page && (await visitorJosie(ctx.services, page.id));
    if (!page || !found) throw errors.notFound('No published josie has this URL on this site');
    return presentOembed(found.josie, publicUrl, { maxwidth, maxheight, language: lng ?? page.language });
  });

  // Not an /api route: a page, whose every refusal is the not-found embed (no schema answers a 400 here).
  app.get<{ Params: { id: string } }>(
    '/embed/josie/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!embedHtml) {
        return reply.status(404).send({ message: 'The web app is not built', code: ERROR_CODES.NOT_FOUND });
      }
      const language = pageLanguage(request, (await ctx.services.flags.all()).language_select);
      const { id } = request.params;
      const found = isUuid(id) ? await visitorJosie(ctx.services, id) : undefined;
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Language, Cookie')
        .type('text/html; charset=utf-8');
      if (!found) return reply.status(404).send(embedPageHtml(embedHtml, language));
      return reply.send(embedPageHtml(embedHtml, language, { title: found.josie.title, body: found.body }));
    },
  );
};
