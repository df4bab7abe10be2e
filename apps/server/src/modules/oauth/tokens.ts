import { INTEGRATION_ERROR_CODES, type Provider } from '@josie/contract';
import { ArcticFetchError, OAuth2RequestError, type OAuth2Tokens } from 'arctic';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { createTokenCipher, resolveTokenEncryptionKey, type TokenCipher } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { createSignInProviders, type SignInProvider } from './providers.js';
import { findUserAccount, updateTokens } from './queries.js';

/** An access token is refreshed when it has less than this left (ms), so it cannot expire in flight. */
const EXPIRY_MARGIN_MS = 60_000;

/** The encryption context of a stored token: binds the ciphertext to its user, provider and column. */
export const tokenContext = (userId: string, provider: Provider, kind: 'access' | 'refresh') =>
  `oauth:${userId}:${provider}:${kind}`;

/** When a token answer's access token expires, or null when the provider did not say. */
export function expiryOf(tokens: OAuth2Tokens): Date | null {
  const data = tokens.data as { expires_in?: unknown };
  return typeof data.expires_in === 'number' ? tokens.accessTokenExpiresAt() : null;
}

/**
 * The users' provider tokens, kept encrypted in `oauth_accounts` and never sent to the browser
 * (docs/product/differences.md#provider-tokens). {@link getAccessToken} hands out a live access token,
 * refreshing it with the refresh token when it has expired and storing the new one; concurrent callers share
 * one refresh.
 */
export function createProviderTokens(deps: {
  db: Executor;
  cipher: TokenCipher | null;
  providers: Record<Provider, SignInProvider | null>;
}) {
  const { db, cipher, providers } = deps;
  const refreshing = new Map<string, Promise<string>>();

  const reconnect = (provider: Provider) => {
    const label = providers[provider]?.label ?? provider;
    return new AppError(
      401,
      INTEGRATION_ERROR_CODES.PROVIDER_AUTH,
      `Your ${label} connection has expired. Please sign in with ${label} again.`,
    );
  };

  async function refresh(userId: string, provider: SignInProvider, c: TokenCipher): Promise<string> {
    const row = await findUserAccount(db, userId, provider.name);
    if (!row?.refreshTokenEnc) throw reconnect(provider.name);
    const refreshToken = c.decrypt(row.refreshTokenEnc, tokenContext(userId, provider.name, 'refresh'));
    let tokens: OAuth2Tokens;
    try {
      tokens = await provider.client.refreshAccessToken(provider.tokenUrl, refreshToken, []);
    } catch (err) {
      if (err instanceof OAuth2RequestError) throw reconnect(provider.name);
      const reason = err instanceof ArcticFetchError ? 'could not be reached' : 'failed';
      throw new AppError(
        502,
        INTEGRATION_ERROR_CODES.PROVIDER_ERROR,
        `${provider.label} ${reason} while renewing your connection. Please try again later.`,
      );
    }
    const accessToken = tokens.accessToken();
    await updateTokens(db, row.id, {
      accessTokenEnc: c.encrypt(accessToken, tokenContext(userId, provider.name, 'access')),
      accessTokenExpiresAt: expiryOf(tokens),
      // Spotify may rotate the refresh token; Google keeps the old one valid and sends none.
      ...(tokens.hasRefreshToken()
        ? {
            refreshTokenEnc: c.encrypt(tokens.refreshToken(), tokenContext(userId, provider.name, 'refresh')),
          }
        : {}),
    });
    return accessToken;
  }

  return {
    /**
     * A live access token of the user at `provider`, or null when they have not connected it (or the
     * provider is not configured here).
     *
     * @param opts.forceRefresh - refresh even if the stored token looks live (the provider just refused it).
     * @throws AppError 401 PROVIDER_AUTH when the token expired and cannot be refreshed (no refresh token,
     *   or the provider refused it): the person must sign in with the provider again; 502 when the
     *   provider failed.
     */
    async getAccessToken(
      userId: string,
      providerName: Provider,
      opts: { forceRefresh?: boolean } = {},
    ): Promise<string | null> {
      const provider = providers[providerName];
      if (!provider || !cipher) return null;
      const row = await findUserAccount(db, userId, providerName);
      if (!row) return null;
      const live =
        row.accessTokenEnc &&
        !opts.forceRefresh &&
        (row.accessTokenExpiresAt === null ||
          row.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now());
      if (live && row.accessTokenEnc) {
        return cipher.decrypt(row.accessTokenEnc, tokenContext(userId, providerName, 'access'));
      }
      const key = `${userId}:${providerName}`;
      let pending = refreshing.get(key);
      if (!pending) {
        pending = refresh(userId, provider, cipher).finally(() => refreshing.delete(key));
        refreshing.set(key, pending);
      }
      return pending;
    },
  };
}
export type ProviderTokens = ReturnType<typeof createProviderTokens>;

/** What the integrations share per app: the sign-in providers, the token cipher and the token store. */
export interface OAuthContext {
  providers: Record<Provider, SignInProvider | null>;
  cipher: TokenCipher | null;
  tokens: ProviderTokens;
}

/**
 * The app's {@link OAuthContext}, built once by the composition root (`composition.ts`) so that the sign-in
 * routes and the routes that call providers with a user's token (audio search) share one token store (and
 * one refresh per user at a time). The cipher exists when a provider is configured
 * (docs/decisions/0016-composition-root-and-module-boundaries.md).
 *
 * @throws Error when a provider is configured but no token encryption key can be had (see
 *   `resolveTokenEncryptionKey`): start-up fails rather than storing tokens in the clear.
 */
export function createOAuthContext(config: Config, db: Executor): OAuthContext {
  const providers = createSignInProviders(config);
  const cipher =
    providers.spotify || providers.google ? createTokenCipher(resolveTokenEncryptionKey(config)) : null;
  return { providers, cipher, tokens: createProviderTokens({ db, cipher, providers }) };
}
