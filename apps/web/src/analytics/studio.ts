import { type ShareChannel, STUDIO_SERVICES, type StudioService, studioItem } from '@josie/contract';
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { track } from './track';

/**
 * The published josie whose page (or feed card) a player or link is part of, for the studio's reader events
 * (docs/decisions/0050-curator-studio-counts.md): its id, or null where nothing is counted (the editor's
 * preview, a draft, a josie waiting for review). Absent, it is null, so a component rendered outside a josie
 * sends nothing.
 */
export const StudioJosie = createContext<string | null>(null);

/** The id of the published josie around the caller ({@link StudioJosie}), or null. */
export function useStudioJosie(): string | null {
  return useContext(StudioJosie);
}

/**
 * The studio's name of a listening platform (the contract's `STUDIO_SERVICES`): each platform the app links
 * on by its own name (Spotify, YouTube, Apple Music, Deezer...), anything else `other` (decision 0050).
 */
export function studioService(platform: string): StudioService {
  return (STUDIO_SERVICES as readonly string[]).includes(platform) ? (platform as StudioService) : 'other';
}

/**
 * Sends `josie_play` for the josie around the caller (decision 0050): `item` (see {@link studioItem}) played
 * on `service`. Answers the function a player calls on each press of play, or null outside a published josie
 * (the editor's preview), where a player counts nothing. The server counts the first press per reader, item
 * and day; the client sends every press it sees.
 */
export function usePlayPress(itemUrl: string, service: StudioService): (() => void) | null {
  const josieId = useStudioJosie();
  const press = useCallback(() => {
    if (josieId) track('josie_play', { josie_id: josieId, item: studioItem(itemUrl), service });
  }, [josieId, itemUrl, service]);
  return josieId ? press : null;
}

/** Sends `also_on_click` for the josie around the caller, when there is one (decision 0050). */
export function useAlsoOnClick(): ((platform: string) => void) | null {
  const josieId = useStudioJosie();
  const click = useCallback(
    (platform: string) => {
      if (josieId) track('also_on_click', { josie_id: josieId, service: studioService(platform) });
    },
    [josieId],
  );
  return josieId ? click : null;
}

/** Sends `josie_share` {josie_id, channel} once a josie was shared (decision 0050). */
export function trackShare(josieId: string, channel: ShareChannel): void {
  track('josie_share', { josie_id: josieId, channel });
}

/**
 * A ref for a cross-origin player's `<iframe>` (Spotify, Apple Music, Deezer, TIDAL, SoundCloud), whose own
 * play button the page cannot see: `onPress` is called when the reader moves into the player, that is when
 * the page's window loses the focus and the frame is then the document's active element (the method of
 * iframe-tracking scripts for embeds without an API; decision 0050, amendment of 2026-12-07). Leaving the
 * page for another tab or window is not a press: the active element is then not the frame. Once inside, the
 * reader's further presses are not seen until the page has the focus back; a reader who tabs into the frame
 * by keyboard, or presses its pause or "open in the app", counts as a press too. Null `onPress` listens to
 * nothing.
 */
export function useFramePress(onPress: (() => void) | null) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pressed = useRef(onPress);
  pressed.current = onPress;
  const listening = onPress !== null;
  useEffect(() => {
    if (!listening) return;
    let timer: number | undefined;
    const onBlur = () => {
      // Some browsers move the active element to the frame only after the window's blur has been handled.
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (frame.current && document.activeElement === frame.current) pressed.current?.();
      }, 0);
    };
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.clearTimeout(timer);
    };
  }, [listening]);
  return frame;
}
