import { AuthProvidersResponse, type Provider, ReturnToPath } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { request, urlFor } from '../../api/request';
import { returnPathFrom } from '../../session/guards';
import { Button } from '../../ui/Button';

/** The query of which external sign-in providers this server has configured. */
export const authProvidersQueryKey = ['auth-providers'] as const;

function SpotifyMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#1ed760" />
      <path
        d="M17.3 16.4a.75.75 0 0 1-1 .25c-2.8-1.7-6.3-2.1-10.4-1.2a.75.75 0 1 1-.33-1.46c4.5-1 8.4-.6 11.5 1.4.35.2.46.67.25 1Zm1.4-3.2a.94.94 0 0 1-1.3.31c-3.2-2-8.1-2.5-11.9-1.4a.94.94 0 1 1-.54-1.8c4.3-1.3 9.7-.7 13.4 1.6.44.27.58.85.3 1.3Zm.13-3.3C15 7.6 8.6 7.4 4.9 8.5a1.12 1.12 0 1 1-.65-2.15c4.3-1.3 11.3-1 15.7 1.6a1.12 1.12 0 0 1-1.15 1.93Z"
        fill="#000"
      />
    </svg>
  );
}

function YouTubeMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
      <rect x="1" y="4.5" width="22" height="15" rx="4.5" fill="#ff0000" />
      <path d="M10 8.8v6.4l5.5-3.2z" fill="#fff" />
    </svg>
  );
}

const PROVIDER_BUTTONS: ReadonlyArray<{
  provider: Provider;
  labelKey: 'auth.continueWithSpotify' | 'auth.continueWithYouTube';
  notConfiguredKey: 'auth.spotifyNotConfigured' | 'auth.youtubeNotConfigured';
  Mark: () => React.JSX.Element;
}> = [
  {
    provider: 'spotify',
    labelKey: 'auth.continueWithSpotify',
    notConfiguredKey: 'auth.spotifyNotConfigured',
    Mark: SpotifyMark,
  },
  {
    provider: 'google',
    labelKey: 'auth.continueWithYouTube',
    notConfiguredKey: 'auth.youtubeNotConfigured',
    Mark: YouTubeMark,
  },
];

/**
 * "Continue with Spotify" and "Continue with YouTube" (the google provider, shown as YouTube:
 * docs/product/README.md#what-josie-is). Which ones work comes from `GET /api/auth/providers`; an
 * unconfigured one is disabled and says so (docs/product/README.md#external-services-are-adapters). A
 * configured one navigates the browser to the `oauthStart` endpoint (`GET /api/auth/{provider}?returnTo=`,
 * docs/product/routes-and-roles.md#api), `returnTo` being the page the guard sent the visitor from, else `/`;
 * `/auth/callback` goes back there.
 */
export function ProviderButtons() {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const from = ReturnToPath.safeParse(returnPathFrom(location.state));
  const returnTo = from.success ? from.data : '/';
  const providers = useQuery({
    queryKey: authProvidersQueryKey,
    queryFn: ({ signal }) => request('authProviders', {}, { schema: AuthProvidersResponse, signal }),
    staleTime: 5 * 60_000,
  });

  return (
    <div className="flex flex-col gap-3">
      {PROVIDER_BUTTONS.map(({ provider, labelKey, notConfiguredKey, Mark }) => {
        const configured = providers.data?.[provider] === true;
        const settled = !providers.isPending;
        const noteId = `${id}-${provider}`;
        return (
          <div key={provider} className="flex flex-col gap-1">
            <Button
              variant="outline"
              size="lg"
              className="w-full"
              disabled={!configured}
              aria-describedby={settled && !configured ? noteId : undefined}
              onClick={() =>
                window.location.assign(urlFor('oauthStart', { params: { provider }, query: { returnTo } }))
              }
            >
              <Mark />
              {t(labelKey)}
            </Button>
            {settled && !configured && (
              <p id={noteId} className="text-center text-xs text-zinc-600">
                {t(notConfiguredKey)}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
