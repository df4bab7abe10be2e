/**
 * The one way adapters call an external provider's HTTP API: a deadline, JSON parsing checked against the
 * provider's documented shape (zod), and every failure turned into a {@link ProviderError} that says what
 * kind of failure it was. Routes turn those into `{message, code}` answers with {@link providerAppError}.
 */
import { INTEGRATION_ERROR_CODES } from '@josie/contract';
import type { z } from 'zod';
import { AppError } from '../lib/errors.js';

/** What went wrong at a provider. */
export type ProviderFailure =
  /** 401/403: our credentials or the user's token were refused. */
  | 'auth'
  /** 429: the provider limits our requests. */
  | 'rate_limited'
  /** The provider's quota for our key is spent (YouTube's 403 quotaExceeded). */
  | 'quota'
  /** 404. */
  | 'not_found'
  /** 400/422: the provider refused the request itself. */
  | 'bad_request'
  /** 5xx, a network failure or the time-out. */
  | 'unavailable'
  /** A 2xx answer that does not have the documented shape. */
  | 'bad_response';

/** A failed provider call. `provider` is the name shown to people (`Spotify`, `YouTube`, ...). */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: ProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Default deadline of a provider call, in milliseconds. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** Options of {@link providerJson}. */
export interface ProviderRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A JSON body (sent as `application/json`) or a form (`application/x-www-form-urlencoded`). */
  json?: unknown;
  form?: URLSearchParams;
  timeoutMs?: number;
  /**
   * Classifies an error status from the provider's error body; return undefined to use the default
   * (401/403 auth, 404 not_found, 429 rate_limited, 400/422 bad_request, 5xx unavailable).
   */
  classify?: (status: number, body: unknown) => ProviderFailure | undefined;
}

function defaultFailure(status: number): ProviderFailure {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'bad_request';
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A short description of a provider's error body for logs and messages (JSON `error.message` and the like). */
export function describeProviderError(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 200);
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const error = b.error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      return (error as { message: string }).message;
    }
    if (typeof error === 'string') {
      return typeof b.error_description === 'string' ? `${error}: ${b.error_description}` : error;
    }
    if (typeof b.detail === 'string') return b.detail;
    if (typeof b.message === 'string') return b.message;
  }
  return '';
}

/**
 * Calls a provider and answers its JSON body parsed by `schema`.
 *
 * @throws ProviderError for a network failure or time-out (`unavailable`), an error status (classified),
 *   or a body that does not match `schema` (`bad_response`).
 */
export async function providerJson<S extends z.ZodType>(
  provider: string,
  url: string | URL,
  schema: S,
  req: ProviderRequest = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  let body: string | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = req.form.toString();
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: req.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'follow',
      signal: AbortSignal.timeout(req.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw new ProviderError(
      provider,
      'unavailable',
      timedOut ? `${provider} did not answer in time` : `${provider} could not be reached`,
    );
  }
  const data = await readBody(res).catch(() => null);
  if (!res.ok) {
    const kind = req.classify?.(res.status, data) ?? defaultFailure(res.status);
    const detail = describeProviderError(data);
    throw new ProviderError(
      provider,
      kind,
      `${provider} answered ${res.status}${detail ? `: ${detail}` : ''}`,
      res.status,
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ProviderError(provider, 'bad_response', `${provider} sent an unexpected answer`, res.status);
  }
  return parsed.data;
}

/** How a route explains a provider failure. */
export interface ProviderErrorContext {
  /**
   * True when the call used the signed-in user's own provider token: a refusal then means "sign in with
   * the provider again" (401 PROVIDER_AUTH). Otherwise it is this server's key or client that was refused.
   */
  userToken?: boolean;
  /** The message of a 404 (e.g. 'Image not found'). */
  notFound?: string;
}

/**
 * Turns a {@link ProviderError} into the answer a person can act on (docs/product/routes-and-roles.md#api,
 * docs/product/messages.md#errors-from-the-api): 401 PROVIDER_AUTH to sign in with the provider again; 503
 * for a refused server key or spent quota or rate limit; 404 for a missing item; 502 for anything else the
 * provider got wrong. Other errors pass through.
 */
export function providerAppError(err: unknown, context: ProviderErrorContext = {}): unknown {
  if (!(err instanceof ProviderError)) return err;
  const p = err.provider;
  const codes = INTEGRATION_ERROR_CODES;
  switch (err.kind) {
    case 'auth':
      return context.userToken === false
        ? new AppError(
            503,
            codes.NOT_CONFIGURED,
            `${p} refused this server's credentials. Please tell the site's team.`,
          )
        : new AppError(
            401,
            codes.PROVIDER_AUTH,
            `Your ${p} session has expired. Please sign in with ${p} again.`,
          );
    case 'rate_limited':
      return new AppError(
        503,
        codes.PROVIDER_RATE_LIMITED,
        `${p} is receiving too many requests right now. Please try again in a moment.`,
      );
    case 'quota':
      return new AppError(
        503,
        codes.PROVIDER_RATE_LIMITED,
        `${p} search has reached its daily limit on this server. Please try again later.`,
      );
    case 'not_found':
      return new AppError(404, 'NOT_FOUND', context.notFound ?? `Not found at ${p}`);
    case 'unavailable':
      return new AppError(
        502,
        codes.PROVIDER_ERROR,
        `${p} is not responding right now. Please try again later.`,
      );
    default:
      return new AppError(
        502,
        codes.PROVIDER_ERROR,
        `${p} could not handle this request. Please try again later.`,
      );
  }
}
