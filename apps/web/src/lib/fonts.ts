import { FONTS, type FontFamily, LIMITS } from '@josie/contract';
import { useEffect, useState } from 'react';

/**
 * The 14 curator fonts (spec 001 §3 Catalogues), self-hosted through `@fontsource` (DESIGN §2: no font
 * CDN). Each stylesheet is its own chunk, imported only when a curator's name first needs it, so a page
 * pays for the fonts it shows and no more. The curator fonts have no Hebrew glyphs: every stack falls
 * back to Heebo (bundled with the app shell), so a Hebrew name still renders in a proper Hebrew face.
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

/** Load states of a curator font (spec 001 §3: inactive, loading, active, error). */
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

const states = new Map<FontFamily, FontLoadState>();
const pending = new Map<FontFamily, Promise<FontLoadState>>();
const listeners = new Set<() => void>();

function setState(family: FontFamily, state: FontLoadState) {
  states.set(family, state);
  for (const listener of listeners) listener();
}

/** The current load state of a family ('inactive' until something asks for it). */
export function fontLoadState(family: string | null | undefined): FontLoadState {
  const font = curatorFont(family);
  return font ? (states.get(font.family) ?? 'inactive') : 'error';
}

/** Waits for the browser to have the face, at most `LIMITS.fontLoadTimeoutMs` (spec 001 §9: 3000 ms). */
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

/**
 * Loads a curator font once (its stylesheet chunk, then the face itself) and answers its final state:
 * `active`, or `error` when the family is not in the catalogue, the chunk fails or the face does not
 * arrive within the time-out. Concurrent callers share one load.
 */
export function loadCuratorFont(family: string | null | undefined): Promise<FontLoadState> {
  const font = curatorFont(family);
  if (!font) return Promise.resolve('error');
  const known = states.get(font.family);
  if (known === 'active' || known === 'error') return Promise.resolve(known);
  const running = pending.get(font.family);
  if (running) return running;
  setState(font.family, 'loading');
  const load = LOADERS[font.family]()
    .then(() => waitForFace(font))
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
}

/**
 * Loads `family` on first use and answers its state, re-rendering as it changes. Text styled with
 * {@link curatorFontStyle} shows in the fallback until the face is active (no invisible text).
 */
export function useCuratorFont(family: string | null | undefined): FontLoadState {
  const [state, setLocal] = useState<FontLoadState>(() => fontLoadState(family));
  useEffect(() => {
    const update = () => setLocal(fontLoadState(family));
    listeners.add(update);
    update();
    if (curatorFont(family)) void loadCuratorFont(family);
    return () => {
      listeners.delete(update);
    };
  }, [family]);
  return state;
}
