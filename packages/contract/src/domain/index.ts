/** Pure domain helpers shared by server and web: media link parsing, embeds, image links, song counts, excerpts. */
export * from './bidi.js';
export * from './image-source.js';
export * from './listen.js';
export * from './media-urls.js';
export * from './notification-settings.js';
export * from './platform-links.js';
export * from './same-origin.js';
export * from './service-embeds.js';
export * from './text.js';
