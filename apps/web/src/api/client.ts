import { type ApiErrorBody, ERROR_CODES } from '@josie/contract';
import type { z } from 'zod';
import { clearSession, readStoredToken } from '../session/storage';
import { takeEarlyRead } from './earlyReads';

/** The code an {@link ApiError} carries when the server could not be reached (status 0). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/**
 * A failed API call. `message` is for logs only: the server's English `{message}` when the answer carried
 * one, else the HTTP status words ("Internal Server Error"). Screens show `errorText` (`./errorText.ts`): the
 * code's text in the reader's language, or the screen's own (docs/product/messages.md#errors-from-the-api).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    /** Stable error code from the server (`ERROR_CODES`), or `NETWORK_ERROR` / `HTTP_<status>`. */
    readonly code: string,
    message: string,
    /** Field issues of a 400 answer (`path` like `body.email`). */
    readonly issues: ApiErrorBody['issues'] = undefined,
  ) {
    super(message);
  }
}

/** Options of one call. */
export interface RequestOptions<T> {
  /** JSON body (serialised here) or multipart form data (sent as is). */
  body?: unknown;
  /** Validates and types the answer; without it the answer is trusted as `T`. */
  schema?: z.ZodType<T>;
  /**
   * Bearer token to send instead of the stored one; `null` sends none. Used by logout, which clears the
   * stored session before telling the server.
   */
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Answers the body as a `Blob` (a file download, e.g. the account export's zip) instead of JSON. */
  blob?: boolean;
}

/**
 * The server's error body (`{message, code, issues?}`) when it is one, else null. Checked by hand rather
 * than with the contract's zod schema: every page's first request goes through here, and zod stays out of
 * the first page's scripts (docs/performance.md).
 */
async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return null;
    const { message, code, issues } = body as Record<string, unknown>;
    if (typeof message !== 'string' || typeof code !== 'string') return null;
    if (issues !== undefined && !Array.isArray(issues)) return null;
    return { message, code, ...(issues ? { issues: issues as ApiErrorBody['issues'] } : {}) };
  } catch {
    return null;
  }
}

/**
 * Calls the API on the same origin. Adds `Authorization: Bearer <token>` whenever a session token is
 * stored (docs/product/routes-and-roles.md#api), sends JSON or `FormData`, and answers the parsed JSON
 * (undefined for 204).
 *
 * @throws {ApiError} for any non-2xx answer (status, code and message from the `{message, code}` body,
 *   falling back to the status text) and for network failures (status 0). A 401 `UNAUTHENTICATED` on a
 * call that carried the stored token clears the session: the token is no longer valid
 * (docs/product/rules-and-limits.md#accounts-and-sessions).
 */
export async function apiFetch<T = unknown>(
  path: string,
  method: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const token = options.token === undefined ? readStoredToken() : options.token;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    // The signed-in feed's first reads were sent by the page's first script (docs/performance.md); the same
    // request.
    const early = method === 'GET' && !options.headers ? takeEarlyRead(path, token) : undefined;
    response = await (early ?? fetch(path, { method, headers, body, signal: options.signal }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : 'Network error');
  }

  if (!response.ok) {
    const errorBody = await readErrorBody(response);
    // Only the session's own refusal ends it; a provider's 401 (code PROVIDER_AUTH: the Spotify or YouTube
    // connection needs renewing) must not sign the user out of Josie.
    const sessionRefused = response.status === 401 && errorBody?.code === ERROR_CODES.UNAUTHENTICATED;
    if (sessionRefused && token && options.token === undefined && token === readStoredToken()) {
      clearSession();
    }
    throw new ApiError(
      response.status,
      errorBody?.code ?? `HTTP_${response.status}`,
      errorBody?.message || response.statusText || `HTTP ${response.status}`,
      errorBody?.issues,
    );
  }

  if (response.status === 204) return undefined as T;
  if (options.blob) return (await response.blob()) as T;
  const contentType = response.headers.get('content-type') ?? '';
  const data: unknown = contentType.includes('json') ? await response.json() : await response.text();
  return options.schema ? options.schema.parse(data) : (data as T);
}

type Options<T> = Omit<RequestOptions<T>, 'body'>;

/** Typed shortcuts over {@link apiFetch}, one per HTTP method; `upload` posts multipart form data. */
export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) => apiFetch<T>(path, 'GET', options),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiFetch<T>(path, 'POST', { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiFetch<T>(path, 'PUT', { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiFetch<T>(path, 'PATCH', { ...options, body }),
  delete: <T = unknown>(path: string, options?: Options<T>) => apiFetch<T>(path, 'DELETE', options),
  upload: <T = unknown>(path: string, form: FormData, options?: Options<T>) =>
    apiFetch<T>(path, 'POST', { ...options, body: form }),
};
