import { ERROR_CODES, type ErrorCode } from '@josie/contract';

/**
 * An error with an HTTP status and a stable code; the error handler answers it as `{message, code}`.
 * Services throw these; nothing maps errors by matching message text (docs/ARCHITECTURE.md#practices).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** One of the contract's `ERROR_CODES` (docs/decisions/0015-endpoints-in-the-contract.md). */
    readonly code: ErrorCode,
    message: string,
    /** For a 429: when the client may try again, in seconds, answered as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Factories for the statuses of docs/product/routes-and-roles.md#api. */
export const errors = {
  badRequest: (message: string, code: ErrorCode = ERROR_CODES.VALIDATION) => new AppError(400, code, message),
  unauthenticated: (message = 'No authentication credentials provided') =>
    new AppError(401, ERROR_CODES.UNAUTHENTICATED, message),
  /** A sign-in with an unknown email or a wrong password: its own code, so it never reads as a session's end. */
  invalidCredentials: () => new AppError(401, ERROR_CODES.INVALID_CREDENTIALS, 'Invalid email or password'),
  forbidden: (message = 'You are not allowed to do this') =>
    new AppError(403, ERROR_CODES.FORBIDDEN, message),
  notFound: (message = 'Not found') => new AppError(404, ERROR_CODES.NOT_FOUND, message),
  conflict: (message: string, code: ErrorCode = ERROR_CODES.CONFLICT) => new AppError(409, code, message),
  gone: (message: string) => new AppError(410, ERROR_CODES.GONE, message),
  tooLarge: (message = 'The file is too large') => new AppError(413, ERROR_CODES.TOO_LARGE, message),
  rateLimited: (message = 'Too many requests. Please try again later.', retryAfterSeconds?: number) =>
    new AppError(429, ERROR_CODES.RATE_LIMITED, message, retryAfterSeconds),
  unavailable: (message: string) => new AppError(503, ERROR_CODES.UNAVAILABLE, message),
  /** A format or feature this server does not offer, e.g. oEmbed's `format=xml` (docs/decisions/0043-embeds.md). */
  notImplemented: (message: string) => new AppError(501, ERROR_CODES.NOT_IMPLEMENTED, message),
};
