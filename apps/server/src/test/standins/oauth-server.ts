/**
 * An OAuth 2.0 authorization server for stand-ins (RFC 6749 authorization code grant with PKCE, RFC 7636;
 * refresh tokens; client credentials): a consent page a person (or Playwright) can click through, a token
 * endpoint that checks the client, the code, the redirect URI and the PKCE verifier, and a bearer-token
 * check for the provider's API routes. Error answers are RFC 6749 §5.2 JSON (`invalid_client`,
 * `invalid_grant`, ...).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { html } from './standin.js';

/** A person who can sign in at the stand-in. */
export interface StandinAccount {
  id: string;
  name: string;
  email: string | null;
  /** Google's `email_verified` (Spotify has no such field). */
  emailVerified?: boolean;
  imageUrl?: string | null;
}

/** What an access token stands for: a person, or the client itself (client credentials). */
export type TokenSubject = { kind: 'user'; account: StandinAccount } | { kind: 'client' };

interface PendingCode {
  account: StandinAccount;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
}

/** Options of {@link createAuthorizationServer}. */
export interface AuthorizationServerOptions {
  /** Shown on the consent page (e.g. `Spotify`). */
  providerName: string;
  clientId: string;
  clientSecret: string;
  accounts: StandinAccount[];
  /** Access token lifetime, seconds. */
  accessTokenTtl?: number;
  /** Issue a new refresh token on every refresh (Spotify may; Google does not). */
  rotateRefreshTokens?: boolean;
  /** Answer a refresh token on the code grant (Google only does with `access_type=offline`). */
  issueRefreshTokens?: boolean | ((query: Record<string, string>) => boolean);
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const token = (prefix: string) => `${prefix}_${base64url(randomBytes(24))}`;

/** An authorization server; `register` mounts its routes on a stand-in app. */
export function createAuthorizationServer(opts: AuthorizationServerOptions) {
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, { subject: TokenSubject; expiresAt: number }>();
  const refreshTokens = new Map<string, StandinAccount>();
  const ttl = opts.accessTokenTtl ?? 3600;
  const wantsRefresh = new Map<string, boolean>();

  const issueAccess = (subject: TokenSubject) => {
    const value = token('at');
    accessTokens.set(value, { subject, expiresAt: Date.now() + ttl * 1000 });
    return value;
  };

  /** The client of a token request: HTTP Basic (RFC 6749 §2.3.1) or `client_id`/`client_secret` in the body. */
  const clientOf = (request: FastifyRequest, body: Record<string, string>) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      return { id, secret };
    }
    return { id: body.client_id, secret: body.client_secret };
  };

  const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.status(status).send({ error, error_description: description });

  function consentPage(query: Record<string, string>): string {
    const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope']
      .map((k) => `<input type="hidden" name="${k}" value="${html(query[k] ?? '')}">`)
      .join('');
    const choices = opts.accounts
      .map(
        (a, i) =>
          `<label><input type="radio" name="account" value="${html(a.id)}"${i === 0 ? ' checked' : ''}> ${html(a.name)} (${html(a.email ?? 'no email')})</label><br>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${html(opts.providerName)} sign-in (stand-in)</title></head>
<body><main><h1>Sign in to ${html(opts.providerName)}</h1>
<p>Josie (client ${html(query.client_id ?? '')}) asks for: ${html(query.scope ?? '')}</p>
<form method="post" action="decision">${hidden}<fieldset><legend>Account</legend>${choices}</fieldset>
<button type="submit" name="decision" value="allow">Agree</button>
<button type="submit" name="decision" value="deny">Cancel</button></form></main></body></html>`;
  }

  return {
    /** Access tokens issued, to expire them in tests. */
    accessTokens,
    /** Refresh tokens issued, to revoke them in tests. */
    refreshTokens,

    /** Makes every issued access token expired (the next API call answers 401). */
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = 0;
    },

    /** Revokes every refresh token (the next refresh answers `invalid_grant`). */
    revokeRefreshTokens() {
      refreshTokens.clear();
    },

    /**
     * Whom a request's bearer token stands for, or null after answering 401 with `unauthorized(reply)`.
     */
    async bearer(
      request: FastifyRequest,
      reply: FastifyReply,
      unauthorized: (reply: FastifyReply, message: string) => unknown,
    ): Promise<TokenSubject | null> {
      const header = request.headers.authorization ?? '';
      const value = header.startsWith('Bearer ') ? header.slice(7) : '';
      const entry = accessTokens.get(value);
      if (!entry) {
        await unauthorized(reply, 'Invalid access token');
        return null;
      }
      if (entry.expiresAt <= Date.now()) {
        await unauthorized(reply, 'The access token expired');
        return null;
      }
      return entry.subject;
    },

    /** Mounts the consent page (`authorizePath`, its form posts to `decision` beside it) and the token endpoint. */
    register(
      app: FastifyInstance,
      paths: { authorizePath: string; tokenPath: string; clientCredentials?: boolean },
    ) {
      const decisionPath = `${paths.authorizePath.replace(/\/[^/]*$/, '')}/decision`;

      app.get(paths.authorizePath, async (request, reply) => {
        const q = request.query as Record<string, string>;
        if (q.client_id !== opts.clientId)
          return reply.status(400).type('text/html').send('<p>Unknown client_id</p>');
        if (!q.redirect_uri || q.response_type !== 'code') {
          return reply.status(400).type('text/html').send('<p>Invalid authorization request</p>');
        }
        if (!q.code_challenge || q.code_challenge_method !== 'S256') {
          return reply.redirect(
            `${q.redirect_uri}?${new URLSearchParams({ error: 'invalid_request', state: q.state ?? '' })}`,
          );
        }
        const refresh =
          typeof opts.issueRefreshTokens === 'function'
            ? opts.issueRefreshTokens(q)
            : opts.issueRefreshTokens !== false;
        wantsRefresh.set(q.code_challenge, refresh);
        return reply.type('text/html').send(consentPage(q));
      });

      app.post(decisionPath, async (request, reply) => {
        const b = request.body as Record<string, string>;
        if (b.client_id !== opts.clientId || !b.redirect_uri) return reply.status(400).send('Invalid form');
        const back = new URL(b.redirect_uri);
        if (b.state) back.searchParams.set('state', b.state);
        if (b.decision !== 'allow') {
          back.searchParams.set('error', 'access_denied');
          return reply.redirect(back.toString());
        }
        const account = opts.accounts.find((a) => a.id === b.account) ?? opts.accounts[0]!;
        const code = token('code');
        codes.set(code, {
          account,
          redirectUri: b.redirect_uri,
          challenge: b.code_challenge ?? '',
          scope: b.scope ?? '',
          expiresAt: Date.now() + 60_000,
        });
        back.searchParams.set('code', code);
        return reply.redirect(back.toString());
      });

      app.post(paths.tokenPath, async (request, reply) => {
        const b = (request.body ?? {}) as Record<string, string>;
        const client = clientOf(request, b);
        if (client.id !== opts.clientId || client.secret !== opts.clientSecret) {
          return oauthError(reply, 401, 'invalid_client', 'Invalid client');
        }
        if (b.grant_type === 'authorization_code') {
          const pending = codes.get(b.code ?? '');
          codes.delete(b.code ?? '');
          if (!pending || pending.expiresAt < Date.now())
            return oauthError(reply, 400, 'invalid_grant', 'Invalid authorization code');
          if (pending.redirectUri !== b.redirect_uri)
            return oauthError(reply, 400, 'invalid_grant', 'Invalid redirect URI');
          const expected = createHash('sha256')
            .update(b.code_verifier ?? '')
            .digest('base64url');
          if (expected !== pending.challenge)
            return oauthError(reply, 400, 'invalid_grant', 'code_verifier was incorrect');
          const answer: Record<string, unknown> = {
            access_token: issueAccess({ kind: 'user', account: pending.account }),
            token_type: 'Bearer',
            expires_in: ttl,
            scope: pending.scope,
          };
          if (wantsRefresh.get(pending.challenge) !== false) {
            const refresh = token('rt');
            refreshTokens.set(refresh, pending.account);
            answer.refresh_token = refresh;
          }
          return answer;
        }
        if (b.grant_type === 'refresh_token') {
          const account = refreshTokens.get(b.refresh_token ?? '');
          if (!account) return oauthError(reply, 400, 'invalid_grant', 'Invalid refresh token');
          const answer: Record<string, unknown> = {
            access_token: issueAccess({ kind: 'user', account }),
            token_type: 'Bearer',
            expires_in: ttl,
          };
          if (opts.rotateRefreshTokens) {
            refreshTokens.delete(b.refresh_token!);
            const refresh = token('rt');
            refreshTokens.set(refresh, account);
            answer.refresh_token = refresh;
          }
          return answer;
        }
        if (b.grant_type === 'client_credentials' && paths.clientCredentials) {
          return { access_token: issueAccess({ kind: 'client' }), token_type: 'Bearer', expires_in: ttl };
        }
        return oauthError(
          reply,
          400,
          'unsupported_grant_type',
          `Unsupported grant_type ${b.grant_type ?? ''}`,
        );
      });
    },
  };
}
export type AuthorizationServer = ReturnType<typeof createAuthorizationServer>;
