import type { Provider } from '@josie/contract';
import { OAuth2Client } from 'arctic';
import { createGoogleClient, isGoogleEmailVerified } from '../../adapters/google.js';
import { createSpotifyClient } from '../../adapters/spotify.js';
import type { Config } from '../../config.js';

/** Who signed in, as the provider describes them. */
export interface ProviderIdentity {
  providerUserId: string;
  /** Lower-cased, or null when the provider gave none. */
  email: string | null;
  /**
   * Whether the provider vouches that the person controls `email`. Only a verified email may link a sign-in
   * to an existing account: otherwise anyone could register the victim's address at the provider and take
   * over the Josie account.
   */
  emailVerified: boolean;
  name: string;
  /** An https picture URL, or null. */
  imageUrl: string | null;
  /** The non-secret profile kept in `oauth_accounts.profile`. */
  profile: Record<string, unknown>;
}

/** A configured sign-in provider: its OAuth client and endpoints and how to read who signed in. */
export interface SignInProvider {
  name: Provider;
  /** The name shown to people: Google is shown as YouTube (docs/product/README.md#what-josie-is). */
  label: string;
  client: OAuth2Client;
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** Extra authorization parameters. */
  params: Record<string, string>;
  identify(accessToken: string): Promise<ProviderIdentity>;
}

/** The name people see for each provider. */
export const PROVIDER_LABELS: Record<Provider, string> = { spotify: 'Spotify', google: 'YouTube' };

const httpsOrNull = (url: string | null | undefined) => (url?.startsWith('https://') ? url : null);

/**
 * The sign-in providers configured on this server (null when a provider has no client id and secret).
 * The callback URL is `{PUBLIC_URL}/api/auth/{provider}/callback`; register it at the provider.
 */
export function createSignInProviders(config: Config): Record<Provider, SignInProvider | null> {
  const callback = (p: Provider) => `${config.publicUrl}/api/auth/${p}/callback`;
  const integrations = config.integrations;

  let spotify: SignInProvider | null = null;
  if (config.spotify) {
    const api = createSpotifyClient({ ...config.spotify, ...integrations.spotify });
    spotify = {
      name: 'spotify',
      label: PROVIDER_LABELS.spotify,
      client: new OAuth2Client(config.spotify.clientId, config.spotify.clientSecret, callback('spotify')),
      authorizeUrl: api.oauth.authorizeUrl,
      tokenUrl: api.oauth.tokenUrl,
      scopes: api.oauth.scopes,
      params: {},
      async identify(accessToken) {
        const me = await api.me(accessToken);
        const email = me.email?.trim().toLowerCase() || null;
        return {
          providerUserId: me.id,
          email,
          // Spotify's reference says of `email`: "This email address is unverified; there is no proof it
          // actually belongs to the user." So it never links to an existing account.
          emailVerified: false,
          name: me.display_name?.trim() || email?.split('@')[0] || 'Spotify listener',
          imageUrl: httpsOrNull(me.images?.[0]?.url),
          profile: {
            id: me.id,
            displayName: me.display_name ?? null,
            email,
            imageUrl: me.images?.[0]?.url ?? null,
            country: me.country ?? null,
            product: me.product ?? null,
          },
        };
      },
    };
  }

  let google: SignInProvider | null = null;
  if (config.google) {
    const api = createGoogleClient(integrations.google);
    google = {
      name: 'google',
      label: PROVIDER_LABELS.google,
      client: new OAuth2Client(config.google.clientId, config.google.clientSecret, callback('google')),
      authorizeUrl: api.oauth.authorizeUrl,
      tokenUrl: api.oauth.tokenUrl,
      scopes: api.oauth.scopes,
      params: api.oauth.params,
      async identify(accessToken) {
        const info = await api.userinfo(accessToken);
        const email = info.email?.trim().toLowerCase() || null;
        const verified = email !== null && isGoogleEmailVerified(info);
        return {
          providerUserId: info.sub,
          email,
          emailVerified: verified,
          name: info.name?.trim() || email?.split('@')[0] || 'YouTube viewer',
          imageUrl: httpsOrNull(info.picture),
          profile: {
            sub: info.sub,
            name: info.name ?? null,
            email,
            emailVerified: verified,
            picture: info.picture ?? null,
          },
        };
      },
    };
  }

  return { spotify, google };
}
