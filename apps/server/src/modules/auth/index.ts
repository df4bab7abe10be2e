// The public entry of the auth module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { ensureAdmin } from './admin.js';
export { createLoginLockout, type LoginLockout } from './lockout.js';
export { assertStrongPassword } from './password-policy.js';
export { SESSIONS_PURGE_CRON, type SessionJobs, sessionsPurgeJob } from './retention.js';
export { type AuthService, createAuthService, hashPassword, verifyPassword } from './service.js';
export { createSessionCache, type SessionCache } from './session-cache.js';
export { SESSION_COOKIE, sessionCookie } from './session-cookie.js';
export { createTokenSigner, type TokenSigner } from './tokens.js';
