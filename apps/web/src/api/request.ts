import {
  type EndpointAnswer,
  type EndpointInput,
  type Endpoints,
  fillPath,
  ROUTES,
  type RouteName,
} from '@josie/contract';
import type { z } from 'zod';
import { apiFetch, type RequestOptions } from './client';

// The web's typed API client (docs/decisions/0015-endpoints-in-the-contract.md). Paths and methods come
// from the contract's zod-free route table; inputs and answers are typed from its endpoint table by
// type-only imports, so the first pages that call the API still load no zod.

/** Endpoint `N`'s body as the web sends it: its JSON input, or multipart form data where it takes that. */
type BodyOf<N extends RouteName> = Endpoints[N] extends { consumes: readonly string[] }
  ? EndpointInput<N, 'body'> extends undefined
    ? FormData
    : EndpointInput<N, 'body'> | FormData
  : EndpointInput<N, 'body'>;

/** A part of the input: required when the endpoint has that part (and it is not all optional). */
type Part<K extends string, T> = [T] extends [undefined]
  ? { readonly [P in K]?: never }
  : Record<never, never> extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };

/** What a call of endpoint `N` sends: path `params`, `query` and `body`, each as the contract types it. */
export type RequestInput<N extends RouteName> = Part<'params', EndpointInput<N, 'params'>> &
  Part<'query', EndpointInput<N, 'query'>> &
  Part<'body', BodyOf<N>>;

/** The answer of endpoint `N` as the contract types it (its 2xx response schema's output). */
export type Answer<N extends RouteName> = EndpointAnswer<N>;

/** Options of a typed call: as {@link RequestOptions} without the body, with a schema of the answer. */
export type CallOptions<N extends RouteName> = Omit<RequestOptions<Answer<N>>, 'body' | 'schema'> & {
  /** Parses the answer with the contract's schema (pages that load zod anyway); else it is trusted. */
  schema?: z.ZodType<Answer<N>>;
};

type Value = string | number | boolean | readonly (string | number)[] | null | undefined;

/**
 * The same-origin URL of endpoint `name`: its path with `params` filled (URI-encoded) and the defined
 * entries of `query` as a query string (arrays comma-joined, as the server's query schemas read them).
 * No `?` without entries, so the early reads of the first paint match (apps/web/src/api/earlyReads.ts).
 * Also what the browser navigates to for the redirecting endpoints (provider sign-in).
 */
export function urlFor<N extends RouteName>(
  name: N,
  input: Pick<RequestInput<N>, 'params' | 'query'> = {} as Pick<RequestInput<N>, 'params' | 'query'>,
): string {
  const path = fillPath(ROUTES[name].path, (input.params ?? {}) as Record<string, string>);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, Value>)) {
    if (value === undefined || value === null) continue;
    search.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Calls endpoint `name` of the contract with its method and path, through {@link apiFetch} (bearer token,
 * early reads, errors as `ApiError`, the session cleared on its own 401). The answer is typed from the
 * contract; pass `options.schema` to parse it too.
 *
 * @throws {ApiError} as {@link apiFetch}: any non-2xx answer, or status 0 when the server is unreachable.
 */
export function request<N extends RouteName>(
  name: N,
  input: RequestInput<N>,
  options: CallOptions<N> = {},
): Promise<Answer<N>> {
  const { body } = input as { body?: unknown };
  return apiFetch<Answer<N>>(urlFor(name, input), ROUTES[name].method, {
    ...options,
    ...(body === undefined ? {} : { body }),
  });
}
