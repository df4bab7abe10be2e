import type { Endpoint } from '@josie/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance validating with zod, as every feature plugin (`FastifyPluginAsyncZod`) receives. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Part<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;

/** The Fastify `schema` of endpoint `E`: what types the handler's request and reply. */
export type EndpointSchema<E extends Endpoint> = {
  tags: string[];
  consumes?: string[];
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  body: Part<E, 'body'>;
  response: Part<E, 'responses'>;
};

/**
 * A route of endpoint `E` as Fastify types it with the zod type provider; the handler and the extras below
 * are read off it, so Fastify's eight generic arguments are spelled once.
 */
type EndpointRoute<E extends Endpoint> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

type Handler<E extends Endpoint> = EndpointRoute<E>['handler'];

/** Everything of a route but what the endpoint table decides: hooks, serializers, body limits. */
export type RouteExtras<E extends Endpoint> = Omit<EndpointRoute<E>, 'schema' | 'config' | 'handler'>;

/**
 * Registers `endpoint` of the contract's endpoint table (docs/decisions/0015-endpoints-in-the-contract.md):
 * its method, path, schemas (params, querystring, body, one response per status, OpenAPI tags and content
 * types) and `config.access` (docs/decisions/0002-route-access-policies.md) come from the table, so the
 * route, its OpenAPI entry and the web's typed client cannot disagree. `extras` carries the route's own
 * hooks (preValidation, preHandler rate limits, onSend, serializerCompiler, bodyLimit) unchanged; the
 * handler is typed from the endpoint's schemas as an inline `app.get(...)` handler would be.
 */
export function route<const E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  extras: RouteExtras<E>,
  handler: Handler<E>,
): void {
  const schema: Record<string, unknown> = { tags: [...endpoint.tags] };
  if (endpoint.consumes) schema.consumes = [...endpoint.consumes];
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.responses) schema.response = endpoint.responses;
  app.route({
    ...(extras as object),
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as EndpointSchema<E>,
    config: { access: endpoint.access },
    handler,
  } as Parameters<ZodApp['route']>[0]);
}
