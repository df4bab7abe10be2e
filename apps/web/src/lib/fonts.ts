import { FONTS, type FontFamily, LIMITS } from '@josie/contract';
import { createContext, useContext, useEffect, useState } from 'react';

/**
 * The 14 curator fonts (docs/product/rules-and-limits.md#preferences-and-catalogues), self-hosted through
 * `@fontsource` (docs/product/data-and-config.md#stack: no font CDN). Each stylesheet is its own chunk,
 * imported only when a curator's name first needs it, so a page pays for the fonts it shows and no more. The
 * curator fonts have no Hebrew glyphs: every stack falls back to Heebo (bundled with the app shell), so a
 * Hebrew name still renders in a proper Hebrew face.
 */
const LOADERS: Record<FontFamily, () => Promise<unknown>> = {
  'Albert Sans': () => import('@fontsource/albert-sans/900.css'),
  'Annie Use Your Telescope': () => import('@fontsource/annie-use-your-telescope/400.css'),
  Questrial: () => import('@fontsource/questrial/400.css'),
  Anton: () => import('@fontsource/anton/400.css'),
  'Comic Neue': () => import('@fontsource/comic-neue/400.css'),
  'Permanent Marker': () => import('@fontsource/permanent-marker/400.css'),
  'Shadows Into Light Two': () => import('@fontsource/shadows-into-light-two/400.css'),
  Oranienbaum: () => import('@fontsource/oranienbaum/400.css'),
  Voltaire: () => import('@fontsource/voltaire/400.css'),
  Allan: () => import('@fontsource/allan/700.css'),
  Mynerve: () => import('@fontsource/mynerve/400.css'),
  Paprika: () => import('@fontsource/paprika/400.css'),
  Delius: () => import('@fontsource/delius/400.css'),
  'Rammetto One': () => import('@fontsource/rammetto-one/400.css'),
};

/** The Hebrew-capable fallbacks after a curator font (Heebo is loaded by the app shell). */
const FALLBACK_STACK = '"Heebo", ui-sans-serif, system-ui, sans-serif';

/** Load states of a curator font (docs/product/data-and-config.md#data: inactive, loading, active, error). */
export type FontLoadState = 'inactive' | 'loading' | 'active' | 'error';

/** A curator font of the catalogue, or undefined for '' and unknown names. */
export function curatorFont(family: string | null | undefined): (typeof FONTS)[number] | undefined {
  return FONTS.find((font) => font.family === family);
}

/**
 * The CSS of a curator's font: the family first, then Heebo for Hebrew and the system stack, and the
 * catalogue's weight (Albert Sans 900, Allan 700, the rest 400). Unknown or empty families answer the
 * app's own stack (`fontFamily` undefined) so the name still renders.
 */
export function curatorFontStyle(family: string | null | undefined): {
  fontFamily?: string;
  fontWeight?: number;
} {
  const font = curatorFont(family);
  if (!font) return {};
  return { fontFamily: `"${font.family}", ${FALLBACK_STACK}`, fontWeight: font.weight };
}

/**
 * The curator fonts' load states and loads, shared by every name drawn in a font: each family loads once
 * (concurrent callers share one load) and every subscriber hears each change. Built on `loadFace`, which
 * makes one family's face available and answers whether it arrived: the app's ({@link appFonts}) imports
 * its stylesheet chunk and waits for the face (a test hands its own to `FontsProvider`, so no module of
 * the app is replaced: docs/decisions/0017-one-web-data-layer.md).
 */
export interface FontLoader {
  /** The current load state of a family ('inactive' until something asks for it; 'error' if unknown). */
  state(family: string | null | undefined): FontLoadState;
  /**
   * Loads a curator font once and answers its final state: `active`, or `error` when the family is not in
   * the catalogue, its load fails or the face does not arrive.
   */
  load(family: string | null | undefined): Promise<FontLoadState>;
  /** Calls `listener` on every state change; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A {@link FontLoader} on `loadFace` (which rejects or answers false when the face is not available). */
export function createFontLoader(loadFace: (font: (typeof FONTS)[number]) => Promise<boolean>): FontLoader {
  const states = new Map<FontFamily, FontLoadState>();
  const pending = new Map<FontFamily, Promise<FontLoadState>>();
  const listeners = new Set<() => void>();

  function setState(family: FontFamily, state: FontLoadState) {
    states.set(family, state);
    for (const listener of listeners) listener();
  }

  return {
    state(family) {
      const font = curatorFont(family);
      return font ? (states.get(font.family) ?? 'inactive') : 'error';
    },
    load(family) {
      const font = curatorFont(family);
      if (!font) return Promise.resolve('error');
      const known = states.get(font.family);
      if (known === 'active' || known === 'error') return Promise.resolve(known);
      const running = pending.get(font.family);
      if (running) return running;
      setState(font.family, 'loading');
      let face: Promise<boolean>;
      try {
        face = loadFace(font);
      } catch (error) {
        face = Promise.reject(error);
      }
      const load = face
        .then(
          (ok): FontLoadState => (ok ? 'active' : 'error'),
          (error: unknown): FontLoadState => {
            console.warn(`The curator font "${font.family}" could not be loaded`, error);
            return 'error';
          },
        )
        .then((state) => {
          pending.delete(font.family);
          setState(font.family, state);
          return state;
        });
      pending.set(font.family, load);
      return load;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Waits for the browser to have the face, at most `LIMITS.fontLoadTimeoutMs` (docs/product/rules-and-limits.md#constants: 3000 ms). */
async function waitForFace(font: (typeof FONTS)[number]): Promise<boolean> {
  if (typeof document === 'undefined' || !document.fonts?.load) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), LIMITS.fontLoadTimeoutMs);
  });
  try {
    const faces = await Promise.race([document.fonts.load(`${font.weight} 1em "${font.family}"`), timeout]);
    return faces !== 'timeout' && faces.length > 0;
  } finally {
    clearTimeout(timer);
  }
}

/** The app's curator fonts: each family's stylesheet chunk, then its face (time-out 3000 ms). */
export const appFonts: FontLoader = createFontLoader((font) =>
  LOADERS[font.family]().then(() => waitForFace(font)),
);

/** The current load state of a family in the app's fonts ({@link FontLoader.state}). */
export function fontLoadState(family: string | null | undefined): FontLoadState {
  return appFonts.state(family);
}

/** Loads a curator font in the app's fonts ({@link FontLoader.load}). */
export function loadCuratorFont(family: string | null | undefined): Promise<FontLoadState> {
  return appFonts.load(family);
}

const FontsContext = createContext<FontLoader>(appFonts);

/** Provides the fonts names are drawn in: the app's ({@link appFonts}) without a provider. */
export const FontsProvider = FontsContext.Provider;

/** The fonts of this rendering ({@link FontsProvider}). */
export function useFonts(): FontLoader {
  return useContext(FontsContext);
}

/**
 * Loads `family` on first use and answers its state, re-rendering as it changes. Text styled with
 * {@link curatorFontStyle} shows in the fallback until the face is active (no invisible text).
 */
export function useCuratorFont(family: string | null | undefined): FontLoadState {
  const fonts = useFonts();
  const [state, setLocal] = useState<FontLoadState>(() => fonts.state(family));
  useEffect(() => {
    const update = () => setLocal(fonts.state(family));
    const stop = fonts.subscribe(update);
    update();
    // Asked for in a task of its own: adding a family's stylesheet (the bundler's preload of its chunk)
    // took ~50 ms of the feed's first commit on a desktop, four times that on a phone, when the cards'
    // effects asked for their five families in the commit's task (docs/performance.md, Lighthouse profile).
    const asked = curatorFont(family) ? setTimeout(() => void fonts.load(family)) : undefined;
    return () => {
      clearTimeout(asked);
      stop();
    };
  }, [family, fonts]);
  return state;
}
