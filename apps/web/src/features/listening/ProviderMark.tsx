import type { ListenService, Provider } from '@josie/contract';

/** Brand names, the same in every language; `google` is shown as YouTube (docs/product/README.md#what-josie-is). */
export const PROVIDER_LABELS: Record<Provider, string> = { spotify: 'Spotify', google: 'YouTube' };

/** The listening services' names (docs/decisions/0022-listen-on-your-own-service.md), brands too. */
export const SERVICE_LABELS: Record<ListenService, string> = {
  ...PROVIDER_LABELS,
  appleMusic: 'Apple Music',
  deezer: 'Deezer',
  tidal: 'TIDAL',
  soundcloud: 'SoundCloud',
  amazonMusic: 'Amazon Music',
  youtubeMusic: 'YouTube Music',
};

/** A provider's mark, decorative. */
export function ProviderMark({ provider, className = 'size-8' }: { provider: Provider; className?: string }) {
  return provider === 'spotify' ? (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#1ed760" />
      <path
        d="M17.3 16.4a.75.75 0 0 1-1 .25c-2.8-1.7-6.3-2.1-10.4-1.2a.75.75 0 1 1-.33-1.46c4.5-1 8.4-.6 11.5 1.4.35.2.46.67.25 1Zm1.4-3.2a.94.94 0 0 1-1.3.31c-3.2-2-8.1-2.5-11.9-1.4a.94.94 0 1 1-.54-1.8c4.3-1.3 9.7-.7 13.4 1.6.44.27.58.85.3 1.3Zm.13-3.3C15 7.6 8.6 7.4 4.9 8.5a1.12 1.12 0 1 1-.65-2.15c4.3-1.3 11.3-1 15.7 1.6a1.12 1.12 0 0 1-1.15 1.93Z"
        fill="#000"
      />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <rect x="1" y="4.5" width="22" height="15" rx="4.5" fill="#ff0000" />
      <path d="M10 8.8v6.4l5.5-3.2z" fill="#fff" />
    </svg>
  );
}
