import { ERROR_CODES, INTEGRATION_ERROR_CODES } from '@josie/contract';
import type { TFunction } from 'i18next';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../ui/toast';

/** Wait after the last keystroke before an audio or video search is sent (docs/product/rules-and-limits.md#constants: 500 ms). */
export const SEARCH_DEBOUNCE_MS = 500;

/** Whether the server said the integration has no configuration here (503 NOT_CONFIGURED). */
export function isNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.code === INTEGRATION_ERROR_CODES.NOT_CONFIGURED;
}

/**
 * When the server refused the session itself (401 UNAUTHENTICATED; the API client has then signed out and
 * the route guard sends the person to log in), says so in a toast that outlives the dialog:
 * docs/product/messages.md#media, 'a 401 from the image endpoints starts the provider login' (the login page
 * offers the providers). Provider refusals (401 PROVIDER_AUTH) are not this: they ask to connect the provider
 * instead.
 *
 * @returns whether the error was the end of the session.
 */
export function toastIfSessionEnded(error: unknown, t: TFunction): boolean {
  const ended =
    error instanceof ApiError && error.status === 401 && error.code === ERROR_CODES.UNAUTHENTICATED;
  if (ended) toast.error(t('josie.authError'), { id: 'session-ended' });
  return ended;
}

/**
 * A calm note that a feature is not available on this server
 * (docs/product/README.md#external-services-are-adapters: unconfigured integrations say so), as a status so
 * screen readers announce it once.
 */
export function UnavailableNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="status"
      className={cn(
        'flex gap-2 rounded-2xl bg-zinc-100 p-4 text-sm text-zinc-700 ring-1 ring-zinc-200 ring-inset',
        className,
      )}
    >
      <Info className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** Brand names of the providers, the same in every language. */
export const PROVIDER_NAMES = {
  spotify: 'Spotify',
  youtube: 'YouTube',
  pixabay: 'Pixabay',
  openverse: 'Openverse',
} as const;
