/** Pure domain helpers shared by server and web: media link parsing, embeds, song counts, excerpts. */
export * from './media-urls.js';
export * from './text.js';
