import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from './service.js';

/**
 * Where a request came from, as the security log records it (docs/decisions/0025-account-and-data.md,
 * "Security log"): the client's address (`request.ip`, the trusted proxy's client address: decision 0009)
 * and its User-Agent header, cut to 1000 characters.
 */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 1000) ?? null };
}
