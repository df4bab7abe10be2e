import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Rewrites the app's `index.html` for one request, e.g. to add Open Graph tags for a shared josie link or
 * to render the signed-in home feed. Answers the HTML to send, or undefined to send it unchanged; it may
 * set headers on `reply` (a personal page's `cache-control`, a cookie to clear).
 */
export type HtmlTransform = (
  request: FastifyRequest,
  html: string,
  reply: FastifyReply,
) => Promise<string | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the web app's shell for a client-side route (404 JSON when no build is served). */
    sendAppShell(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

/**
 * Serves the built web app (`apps/web/dist`): hashed assets with a one-year immutable cache, and
 * `index.html` (never cached) for every other GET that is not `/api`, so client routes load directly.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string; transforms: HtmlTransform[] }) => {
    const indexFile = join(opts.distDir, 'index.html');
    const enabled = existsSync(indexFile);
    const indexHtml = enabled ? readFileSync(indexFile, 'utf8') : '';

    if (enabled) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The web build writes .br and .gz beside each asset (docs/performance.md): sent when the browser
        // accepts them.
        preCompressed: true,
        setHeaders(res, path) {
          res.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }

    app.decorate('sendAppShell', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!enabled) {
        return reply.status(404).send({ message: 'The web app is not built', code: 'NOT_FOUND' });
      }
      // Revalidated on every visit; a transform may make it stricter. The page depends on the language the
      // browser asks for and on the cookies (language choice, session) of the first paint
      // (docs/performance.md).
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie');
      let html = indexHtml;
      for (const transform of opts.transforms) {
        try {
          html = (await transform(request, html, reply)) ?? html;
        } catch (err) {
          // A page is better served without one rewrite than not at all: the app loads what it lacks.
          request.log.error({ err }, 'rewriting the app shell failed; serving it without that rewrite');
        }
      }
      return reply.status(200).type('text/html; charset=utf-8').send(html);
    });
  },
);
