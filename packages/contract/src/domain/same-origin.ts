// The contract's type environment has no DOM or Node types (see media-urls.ts); the WHATWG URL parser is a
// global in every runtime the contract runs in (browsers, Node).
declare const URL: new (
  input: string,
  base?: string,
) => { readonly origin: string; readonly pathname: string; readonly search: string; readonly hash: string };

/**
 * Any http(s) origin: how a path starting with `/` resolves does not depend on which one, so a path can be
 * judged without knowing the origin it will be opened on.
 */
const ANY_ORIGIN = 'https://josie.invalid';

/**
 * Whether `path` stays on `origin` wherever it is written: opened as it is, and once normalised (dot
 * segments resolved, percent-encoded dots decoded, `\` read as `/`), as a redirect built from it is. Both
 * are resolved with the WHATWG URL parser against `origin` and their origins compared: `/..//evil.example`
 * resolves on the site to `//evil.example`, which a browser then reads as another host, so it is refused.
 * Used by `ReturnToPath` (where a sign-in with a provider returns to;
 * docs/product/differences.md#provider-tokens, docs/product/differences.md#sign-in-callback).
 *
 * @param origin the site's origin (`https://host[:port]`); any http(s) origin judges a path alike.
 */
export function isSameOriginPath(path: string, origin: string = ANY_ORIGIN): boolean {
  if (!path.startsWith('/')) return false;
  const site = new URL(origin).origin;
  try {
    const resolved = new URL(path, site);
    if (resolved.origin !== site) return false;
    const normalised = `${resolved.pathname}${resolved.search}${resolved.hash}`;
    return new URL(normalised, site).origin === site;
  } catch {
    return false;
  }
}
