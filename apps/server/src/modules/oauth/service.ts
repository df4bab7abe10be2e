import {
  type AuthExchangeResponse,
  type ConnectedProvidersResponse,
  INTEGRATION_ERROR_CODES,
  type OAuthCallbackQuery,
  type OAuthFailure,
  type Provider,
} from '@josie/contract';
import { CodeChallengeMethod, generateCodeVerifier, generateState, type OAuth2Tokens } from 'arctic';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import type { TokenCipher } from '../../lib/crypto.js';
import { AppError, errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuthService } from '../auth/index.js';
import type { UsersService } from '../users/index.js';
import { PROVIDER_LABELS, type ProviderIdentity, type SignInProvider } from './providers.js';
import {
  type AccountValues,
  deleteAccount,
  findByProviderUser,
  findUserAccount,
  findUserByEmailAny,
  insertAccount,
  isSessionLive,
  linkedProviders,
  lockUser,
  updateAccount,
} from './queries.js';
import type { ExchangeCodes, FlowState } from './state.js';
import { secretsEqual } from './state.js';
import { expiryOf, tokenContext } from './tokens.js';

/** A refusal of the flow, answered as a redirect that names the reason (never a JSON error page). */
export class OAuthFlowError extends Error {
  constructor(
    readonly failure: OAuthFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthFlowError';
  }
}

/** How a callback ends. */
export type CallbackOutcome =
  | { kind: 'signed-in'; code: string; nonce: string }
  | { kind: 'linked'; provider: Provider; returnTo: string }
  | { kind: 'failed'; failure: OAuthFailure; mode: 'signin' | 'link'; provider: Provider; returnTo: string };

/** Where a flow goes to when it started without a `returnTo`. */
export const DEFAULT_RETURN = { signin: '/', link: '/account' } as const;

/**
 * Sign-in and account linking with Spotify and Google (authorization code with PKCE and state), the
 * one-time exchange of `/auth/callback?data=`, and connecting and disconnecting providers.
 * docs/product/routes-and-roles.md#pages, docs/product/rules-and-limits.md#sign-in-providers,
 * docs/product/routes-and-roles.md#api; docs/product/differences.md#placeholders-that-work,
 * docs/product/differences.md#provider-tokens, docs/product/differences.md#sign-in-callback.
 *
 * Account rules: a provider account already linked signs in to its Josie account. Otherwise a *verified*
 * email (Google's `email_verified`) links to the Josie account with that email; Spotify's email is never
 * verified (Spotify's own reference says so), so a Spotify sign-in whose email has an account is refused
 * (`email_in_use`: sign in with the password, then connect Spotify from the account page). An email no
 * account has creates a listener without a password.
 */
export function createOAuthService(deps: {
  db: Db;
  providers: Record<Provider, SignInProvider | null>;
  cipher: TokenCipher | null;
  auth: AuthService;
  /** The owner of the `users` table: creates provider-only accounts and records the active provider. */
  users: Pick<UsersService, 'insertUser' | 'setActiveProvider' | 'markEmailVerified' | 'setPasswordHash'>;
  codes: ExchangeCodes;
  log: FastifyBaseLogger;
}) {
  const { db, providers, cipher, codes, users, log } = deps;

  /** The configured provider. @throws AppError 503 NOT_CONFIGURED. */
  function configured(name: Provider): SignInProvider {
    const provider = providers[name];
    if (!provider || !cipher) {
      throw new AppError(
        503,
        INTEGRATION_ERROR_CODES.NOT_CONFIGURED,
        `${PROVIDER_LABELS[name]} sign-in is not configured on this server`,
      );
    }
    return provider;
  }

  /** The encrypted values of a token answer for one user's link. */
  function accountValues(userId: string, provider: Provider, tokens: OAuth2Tokens, who: ProviderIdentity) {
    const c = cipher!;
    return {
      providerUserId: who.providerUserId,
      accessTokenEnc: c.encrypt(tokens.accessToken(), tokenContext(userId, provider, 'access')),
      refreshTokenEnc: tokens.hasRefreshToken()
        ? c.encrypt(tokens.refreshToken(), tokenContext(userId, provider, 'refresh'))
        : undefined,
      accessTokenExpiresAt: expiryOf(tokens),
      profile: who.profile,
    } satisfies AccountValues;
  }

  /** Finds, links or creates the account a provider sign-in belongs to (one transaction). */
  async function signInAccount(
    provider: Provider,
    tokens: OAuth2Tokens,
    who: ProviderIdentity,
  ): Promise<{ userId: string; isNewUser: boolean; sessionsRevoked?: boolean }> {
    return db.transaction(async (tx) => {
      const linked = await findByProviderUser(tx, provider, who.providerUserId);
      if (linked) {
        if (linked.userDeletedAt) throw new OAuthFlowError('account_unavailable', 'The account was deleted');
        await updateAccount(
          tx,
          linked.account.id,
          accountValues(linked.account.userId, provider, tokens, who),
        );
        await users.setActiveProvider(tx, linked.account.userId, provider);
        return { userId: linked.account.userId, isNewUser: false };
      }
      if (!who.email) throw new OAuthFlowError('no_email', 'The provider gave no email address');
      const holder = await findUserByEmailAny(tx, who.email);
      if (holder) {
        if (holder.deletedAt) throw new OAuthFlowError('account_unavailable', 'The account was deleted');
        if (!who.emailVerified)
          throw new OAuthFlowError('email_in_use', 'Unverified email of an existing account');
        if (await findUserAccount(tx, holder.id, provider)) {
          // The account already has another account of this provider linked.
          throw new OAuthFlowError('email_in_use', 'The account has another account of this provider');
        }
        await insertOrConflict(tx, holder.id, provider, accountValues(holder.id, provider, tokens, who));
        await users.setActiveProvider(tx, holder.id, provider);
        // An unverified holder may be a squatter who signed up with this address: the address's owner,
        // vouched for by the provider, takes the account back without the squatter's password and sessions
        // (docs/decisions/0025-account-and-data.md, "Verification").
        const squatted = !holder.emailVerifiedAt;
        if (squatted) {
          await users.setPasswordHash(tx, holder.id, null);
          await deps.auth.revokeUserSessions(tx, holder.id);
        }
        // The provider vouched for the address (checked above): as good as the mailed link.
        await users.markEmailVerified(tx, holder.id);
        return { userId: holder.id, isNewUser: false, sessionsRevoked: squatted };
      }
      const created = await users.insertUser(tx, {
        name: who.name.slice(0, 100),
        email: who.email,
        avatarUrl: who.imageUrl,
        activeProvider: provider,
        passwordHash: null,
        // Verified when the provider vouches for the address (Google's `email_verified`; Spotify never
        // does): docs/decisions/0025-account-and-data.md, "Verification".
        emailVerifiedAt: who.emailVerified ? new Date() : null,
      });
      if (!created) throw new OAuthFlowError('email_in_use', 'The email was taken meanwhile');
      await insertOrConflict(tx, created.id, provider, accountValues(created.id, provider, tokens, who));
      return { userId: created.id, isNewUser: true };
    });
  }

  async function insertOrConflict(tx: Executor, userId: string, provider: Provider, values: AccountValues) {
    const row = await insertAccount(tx, userId, provider, values);
    // A concurrent callback linked it first: the person can simply sign in again.
    if (!row) throw new OAuthFlowError('provider_error', 'The account was linked concurrently');
  }

  /** Links a provider account to the signed-in account that asked (one transaction). */
  async function linkAccount(
    userId: string,
    provider: Provider,
    tokens: OAuth2Tokens,
    who: ProviderIdentity,
  ) {
    await db.transaction(async (tx) => {
      if (!(await lockUser(tx, userId)))
        throw new OAuthFlowError('account_unavailable', 'The account is gone');
      const linked = await findByProviderUser(tx, provider, who.providerUserId);
      if (linked && linked.account.userId !== userId) {
        throw new OAuthFlowError('provider_account_in_use', 'Linked to another account');
      }
      const values = accountValues(userId, provider, tokens, who);
      const own = linked?.account ?? (await findUserAccount(tx, userId, provider));
      // Connecting another account of the same provider replaces the link.
      if (own) await updateAccount(tx, own.id, values);
      else await insertOrConflict(tx, userId, provider, values);
      await users.setActiveProvider(tx, userId, provider);
    });
  }

  /** Exchanges the code and reads who signed in. @throws OAuthFlowError provider_error. */
  async function completeAtProvider(provider: SignInProvider, code: string, verifier: string) {
    let tokens: OAuth2Tokens;
    try {
      tokens = await provider.client.validateAuthorizationCode(provider.tokenUrl, code, verifier);
      tokens.accessToken();
    } catch (err) {
      log.warn({ err, provider: provider.name }, 'OAuth code exchange failed');
      throw new OAuthFlowError('provider_error', 'Code exchange failed');
    }
    try {
      return { tokens, who: await provider.identify(tokens.accessToken()) };
    } catch (err) {
      log.warn({ err, provider: provider.name }, 'OAuth profile request failed');
      throw new OAuthFlowError('provider_error', 'Profile request failed');
    }
  }

  async function connectedProviders(actor: AuthUser): Promise<ConnectedProvidersResponse> {
    const linked = await linkedProviders(db, actor.id);
    return { connectedProviders: { spotify: linked.includes('spotify'), google: linked.includes('google') } };
  }

  return {
    /**
     * Starts a flow: the provider's authorization URL (state, PKCE S256, scopes) and the {@link FlowState}
     * to keep in the browser's cookie until the callback.
     *
     * @param link - connect the provider to this signed-in account instead of signing in.
     * @throws AppError 503 NOT_CONFIGURED when the provider is not configured.
     */
    start(name: Provider, opts: { returnTo?: string; link?: AuthUser }): { url: string; flow: FlowState } {
      const provider = configured(name);
      const state = generateState();
      const verifier = generateCodeVerifier();
      const url = provider.client.createAuthorizationURLWithPKCE(
        provider.authorizeUrl,
        state,
        CodeChallengeMethod.S256,
        verifier,
        provider.scopes,
      );
      for (const [k, v] of Object.entries(provider.params)) url.searchParams.set(k, v);
      const mode = opts.link ? 'link' : 'signin';
      const flow: FlowState = {
        p: name,
        s: state,
        v: verifier,
        m: mode,
        ...(opts.link ? { u: opts.link.id, sid: opts.link.sessionId } : {}),
        r: opts.returnTo ?? DEFAULT_RETURN[mode],
        t: Date.now(),
      };
      return { url: url.toString(), flow };
    },

    /**
     * Finishes a flow at `GET /api/auth/{provider}/callback`: checks the state against the browser's
     * flow, exchanges the code (with the PKCE verifier), reads the profile, then signs in (finding, linking
     * or creating the account, storing the tokens encrypted, setting `activeProvider`) and issues the
     * one-time exchange code, or links the provider to the account that asked.
     *
     * Never throws for a failed flow: the outcome says why, for the redirect.
     */
    async callback(
      name: Provider,
      query: OAuthCallbackQuery,
      flow: FlowState | null,
    ): Promise<CallbackOutcome> {
      const mode = flow?.m ?? 'signin';
      const returnTo = flow?.r ?? DEFAULT_RETURN[mode];
      const fail = (failure: OAuthFailure): CallbackOutcome => ({
        kind: 'failed',
        failure,
        mode,
        provider: name,
        returnTo,
      });
      const provider = providers[name];
      if (!provider || !cipher) return fail('not_configured');
      if (!flow || flow.p !== name || !query.state || !secretsEqual(query.state, flow.s)) {
        return fail('invalid_state');
      }
      if (query.error) return fail(query.error === 'access_denied' ? 'access_denied' : 'provider_error');
      if (!query.code) return fail('provider_error');
      try {
        const { tokens, who } = await completeAtProvider(provider, query.code, flow.v);
        if (flow.m === 'link') {
          if (!flow.u || !flow.sid || !(await isSessionLive(db, flow.sid, flow.u))) {
            return fail('account_unavailable');
          }
          await linkAccount(flow.u, name, tokens, who);
          return { kind: 'linked', provider: name, returnTo };
        }
        const { userId, isNewUser, sessionsRevoked } = await signInAccount(name, tokens, who);
        if (sessionsRevoked) await deps.auth.forgetUserSessions(userId);
        const { code, nonce } = await codes.issue({ userId, returnTo, isNewUser });
        return { kind: 'signed-in', code, nonce };
      } catch (err) {
        if (err instanceof OAuthFlowError) return fail(err.failure);
        log.error({ err, provider: name }, 'OAuth callback failed');
        return fail('provider_error');
      }
    },

    /**
     * `POST /api/auth/exchange`: the session for a one-time code (valid 60 s, single use, bound to the
     * browser's cookie). docs/product/differences.md#sign-in-callback.
     * @throws AppError 401 when the code is invalid, expired, used, or not this browser's.
     */
    async exchange(
      code: string,
      nonce: string | null,
      userAgent: string | null = null,
    ): Promise<AuthExchangeResponse> {
      const grant = await codes.redeem(code, nonce);
      if (!grant) throw errors.unauthenticated('This sign-in link has expired. Please sign in again.');
      const session = await deps.auth.startSession(grant.userId, userAgent).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404) {
          throw errors.unauthenticated('This account is no longer available');
        }
        throw err;
      });
      return { ...session, returnTo: grant.returnTo, isNewUser: grant.isNewUser };
    },

    /** `GET /api/users/me/providers` (docs/product/routes-and-roles.md#api): which providers the account has connected. */
    connectedProviders,

    /**
     * `DELETE /api/users/me/providers/{provider}`: disconnects a provider and forgets its tokens
     * (docs/product/differences.md#placeholders-that-work), unless it is the account's last way to sign in.
     * When it was the active provider, the other connected one (or the default, Spotify) becomes active.
     *
     * @throws AppError 404 when it is not connected; 409 LAST_SIGN_IN_METHOD when the account has no
     *   password and no other provider.
     */
    async disconnect(actor: AuthUser, provider: Provider): Promise<ConnectedProvidersResponse> {
      await db.transaction(async (tx) => {
        const user = await lockUser(tx, actor.id);
        if (!user) throw errors.notFound('User not found');
        const linked = await linkedProviders(tx, actor.id);
        if (!linked.includes(provider))
          throw errors.notFound(`${PROVIDER_LABELS[provider]} is not connected`);
        const others = linked.filter((p) => p !== provider);
        if (!user.passwordHash && others.length === 0) {
          const label = PROVIDER_LABELS[provider];
          throw errors.conflict(
            `${label} is the only way to sign in to this account. Set a password (Security tab) or connect another provider before disconnecting ${label}.`,
            INTEGRATION_ERROR_CODES.LAST_SIGN_IN_METHOD,
          );
        }
        await deleteAccount(tx, actor.id, provider);
        if (user.activeProvider === provider)
          await users.setActiveProvider(tx, actor.id, others[0] ?? 'spotify');
      });
      return connectedProviders(actor);
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
