// The public entry of the embeds module (docs/decisions/0043-embeds.md): what the app may import from it
// (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { isEmbedPage } from './page.js';
