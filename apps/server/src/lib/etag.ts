import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An `onSend` hook for a GET route whose answer depends on who asks (docs/performance.md): a weak `ETag` of
 * the serialized body, `Cache-Control: private, no-cache` and `Vary: Authorization`, so that a browser keeps
 * the answer and revalidates it; a request whose `If-None-Match` names the current tag gets 304 without a
 * body. Only 200 answers with a string body are tagged.
 */
export async function privateEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  // A handler that knows its answer's version already (the read cache) sets the tag itself: no hashing.
  const preset = reply.getHeader('etag');
  const etag =
    typeof preset === 'string' ? preset : `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'authorization');
  const wanted = request.headers['if-none-match'];
  if (wanted?.split(',').some((tag) => tag.trim() === etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}

/**
 * An `onSend` hook for a GET route whose answer is the same for everyone who asks (the oEmbed answer,
 * docs/decisions/0043-embeds.md): a weak `ETag` of the serialized body and `Cache-Control: public, no-cache`,
 * so that any cache may keep it and revalidates it on each use; a request whose `If-None-Match` names the
 * current tag gets 304 without a body. Only 200 answers with a string body are tagged.
 */
export async function publicEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'public, no-cache');
  const wanted = request.headers['if-none-match'];
  if (wanted?.split(',').some((tag) => tag.trim() === etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}
