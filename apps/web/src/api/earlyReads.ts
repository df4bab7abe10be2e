/** The reads `src/shell/shell.js` sent before the app ran, with the token they carried. */
interface EarlyReads {
  token: string;
  reads: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    /** Written by `src/shell/shell.js` on the signed-in feed (docs/performance.md); taken by {@link takeEarlyRead}. */
    josieEarlyReads?: EarlyReads;
  }
}

/**
 * The response of `GET {path}` that `src/shell/shell.js` requested while the page loaded (the signed-in
 * feed's first reads, docs/performance.md), when it carried `token`; each is taken once, so a later read of
 * the same path asks the server. Undefined otherwise: the caller fetches as usual.
 */
export function takeEarlyRead(path: string, token: string | null): Promise<Response> | undefined {
  const early = window.josieEarlyReads;
  if (!early || !token || early.token !== token) return undefined;
  const read = early.reads[path];
  delete early.reads[path];
  return read;
}
