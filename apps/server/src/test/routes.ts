import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, HTTPMethods, RouteOptions } from 'fastify';
import type { Access } from '../plugins/auth.js';

/** One registered route as the router holds it: method, URL pattern, declared policy and schemas. */
export interface RouteEntry {
  method: HTTPMethods;
  /** The pattern, e.g. `/api/josies/:id`. */
  url: string;
  /** `config.access`; undefined when the route declares none (the auth plugin refuses that for `/api`). */
  access: Access | undefined;
  /** The route's schemas (zod, through fastify-type-provider-zod): `body`, `querystring`, `params`. */
  schema: FastifySchema | undefined;
  /** Path parameter names in order, e.g. `['id']`. */
  params: string[];
}

/** The method and URL that name a route, e.g. `PUT /api/josies/:id`. */
export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * Runs `build` (which creates the Fastify app, e.g. `createTestContext`) and records every route the app
 * registers, with its `config.access` and schemas: the route table that decision 0002 calls the
 * authorization matrix.
 *
 * Fastify publishes each new instance on the `fastify.initialization` diagnostics channel before any
 * plugin is registered; the recorder adds an `onRoute` hook there, so it sees every route without a seam
 * in `buildApp`. Only the first instance created during `build` is recorded. HEAD routes that Fastify adds
 * beside each GET are left out (they share the GET's handler and policy).
 */
export async function captureRoutes<T>(
  build: () => Promise<T>,
): Promise<{ result: T; routes: RouteEntry[] }> {
  const routes: RouteEntry[] = [];
  const init = channel('fastify.initialization');
  let captured = false;
  const onInit = (message: unknown) => {
    if (captured) return;
    captured = true;
    const app = (message as { fastify: FastifyInstance }).fastify;
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        routes.push({
          method,
          url: route.url,
          access: route.config?.access,
          schema: route.schema,
          params: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
        });
      }
    });
  };
  init.subscribe(onInit);
  let result: T;
  try {
    result = await build();
  } finally {
    init.unsubscribe(onInit);
  }
  if (!captured) throw new Error('captureRoutes: build() created no Fastify instance');
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return { result, routes: routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url))) };
}

/** The `/api` routes of a table (the ones that must declare a policy), without the OpenAPI pages. */
export function apiRoutes(routes: RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
}
