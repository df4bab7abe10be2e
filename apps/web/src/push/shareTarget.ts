import { type AudioItemContent, type AudioRef, parseAudioUrl } from '@josie/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  audioItemFromDetails,
  audioItemFromRef,
  fetchAudioDetails,
} from '../features/josie/dialogs/audioDetails';
import { toast } from '../ui/toast';

/**
 * The Web Share Target of the installed app (docs/product/rules-and-limits.md#notifications-and-install): the
 * manifest's `share_target` opens `/josie/new?title=&text=&url=` with what was shared from another app. Apps
 * put the link in different fields (Spotify shares "text" with the link inside, YouTube fills "url" or
 * "text"), so all three are searched.
 */
export const SHARE_PARAMS = ['title', 'text', 'url'] as const;

/** How long the provider's details (name, artist, cover) may take before the bare link is added. */
const DETAILS_TIMEOUT_MS = 3000;

/** Links in free text; trailing punctuation of the sentence around a link is not part of it. */
const LINK = /https?:\/\/[^\s<>"']+/gi;
const TRAILING = /[).,!?;:»”’]+$/;

/**
 * The first Spotify or YouTube audio link in a share (the `url` field first, then `text`, then `title`),
 * parsed with the contract's {@link parseAudioUrl}; null when there is none.
 */
export function sharedAudioRef(params: URLSearchParams): AudioRef | null {
  for (const field of ['url', 'text', 'title'] as const) {
    for (const match of params.get(field)?.match(LINK) ?? []) {
      const ref = parseAudioUrl(match) ?? parseAudioUrl(match.replace(TRAILING, ''));
      if (ref) return ref;
    }
  }
  return null;
}

/** Whether the URL carries a share at all. */
export function hasShare(params: URLSearchParams): boolean {
  return SHARE_PARAMS.some((field) => params.has(field));
}

/**
 * Adds a shared Spotify or YouTube link as the josie's audio item, once, when the page was opened through
 * the share target: with the provider's name and cover when they arrive within a few seconds, else the bare
 * link. The share parameters are then removed from the address, so a reload does not add it again. A share
 * without such a link says so.
 *
 * @param onAdd receives the audio item (the editor stores it as its `audioItem` paragraph).
 * @param enabled false on pages that must ignore shares (editing an existing josie).
 */
export function useSharedAudio(onAdd: (item: AudioItemContent) => void, enabled = true): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const add = useRef(onAdd);
  add.current = onAdd;

  useEffect(() => {
    if (!enabled || handled.current || !hasShare(params)) return;
    handled.current = true;
    const ref = sharedAudioRef(params);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const field of SHARE_PARAMS) next.delete(field);
        return next;
      },
      { replace: true },
    );
    if (!ref) {
      toast.error(t('pwa.share.noLink'));
      return;
    }
    fetchAudioDetails(ref.url, AbortSignal.timeout(DETAILS_TIMEOUT_MS))
      .then(
        (details) => audioItemFromDetails(ref, details),
        (error: unknown) => {
          console.warn('Details of the shared link could not be loaded', error);
          return audioItemFromRef(ref);
        },
      )
      .then((item) => {
        add.current(item);
        toast.success(t('pwa.share.added'));
      });
  }, [enabled, params, setParams, t]);
}
