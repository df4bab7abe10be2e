import { type Access, accessAllows, type Role } from '@josie/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../lib/errors.js';

/**
 * Who may call a route (docs/decisions/0002-route-access-policies.md), declared per endpoint in the
 * contract's endpoint table. Every `/api` route must declare one; registering a route without it throws at
 * start-up, so a route cannot ship unguarded.
 */
export type { Access };

/** The signed-in user attached to a request. */
export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
  email: string;
  name: string;
}

/** Resolves a bearer token to its user, or null when the token or its session is not valid. */
export type TokenResolver = (token: string) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor (set before every handler). */
    user: AuthUser | null;
  }
}

/** The request's `Authorization: Bearer` token, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Attaches `request.user` from the bearer token and enforces each route's declared {@link Access}:
 * 401 without a valid session, 403 for a role not in the list. An invalid token on a public route is
 * treated as a visitor.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { resolveToken: TokenResolver }) => {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (route.url.startsWith('/api/docs')) return;
    if (route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access policy`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    const token = bearerToken(request);
    if (token) request.user = await opts.resolveToken(token);
    if (access === undefined || access === 'public') return;
    if (!request.user) {
      throw token
        ? errors.unauthenticated('Your session has expired. Please sign in again.')
        : errors.unauthenticated();
    }
    if (!accessAllows(access, request.user.role)) {
      throw errors.forbidden('Unauthorized access');
    }
  });
});

/** The signed-in user of a route whose access is not `public` (the guard has already refused visitors). */
export function actor(request: FastifyRequest): AuthUser {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}
