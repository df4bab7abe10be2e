/**
 * Google sign-in (shown to people as YouTube, docs/product/README.md#what-josie-is): the OAuth 2.0 endpoints
 * and the OpenID Connect userinfo endpoint. URLs are configurable
 * (docs/product/data-and-config.md#configuration) so tests use a local stand-in.
 */
import { z } from 'zod';
import { providerJson } from './provider-http.js';

const NAME = 'Google';

/** Google's endpoints (`GOOGLE_AUTH_URL`, `GOOGLE_TOKEN_URL`, `GOOGLE_USERINFO_URL`). */
export interface GoogleEndpoints {
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

/** The OpenID Connect userinfo answer (`openid email profile` scopes). */
export const GoogleProfile = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
  locale: z.string().optional(),
});
export type GoogleProfile = z.infer<typeof GoogleProfile>;

/** Scopes asked at sign-in: the OpenID identity with email and profile. */
export const GOOGLE_SCOPES = ['openid', 'email', 'profile'];

/**
 * Extra authorization parameters: `access_type=offline` so Google issues a refresh token, and
 * `include_granted_scopes` so a later, wider consent keeps this one.
 */
export const GOOGLE_AUTH_PARAMS: Record<string, string> = {
  access_type: 'offline',
  include_granted_scopes: 'true',
};

/** A Google client over `endpoints`. */
export function createGoogleClient(endpoints: GoogleEndpoints) {
  return {
    oauth: {
      authorizeUrl: endpoints.authUrl,
      tokenUrl: endpoints.tokenUrl,
      scopes: GOOGLE_SCOPES,
      params: GOOGLE_AUTH_PARAMS,
    },
    /**
     * The signed-in user's identity from the userinfo endpoint.
     * @throws ProviderError (`auth` when the token is refused).
     */
    async userinfo(accessToken: string): Promise<GoogleProfile> {
      return providerJson(NAME, endpoints.userinfoUrl, GoogleProfile, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
    },
  };
}
export type GoogleClient = ReturnType<typeof createGoogleClient>;

/** Whether Google vouches for the profile's email (`email_verified`, a boolean or, in old answers, a string). */
export function isGoogleEmailVerified(profile: GoogleProfile): boolean {
  return profile.email_verified === true || profile.email_verified === 'true';
}
