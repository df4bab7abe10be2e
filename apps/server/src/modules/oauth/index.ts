// The public entry of the oauth module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { createOAuthService, type OAuthService } from './service.js';
export { createExchangeCodes } from './state.js';
export { createOAuthContext, type OAuthContext, type ProviderTokens } from './tokens.js';
