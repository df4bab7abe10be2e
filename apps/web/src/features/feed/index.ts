// The public entry of this feature: what other features may import from it (dependency rules,
// docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { Feed } from './Feed';
export { FEED_THEME_KEY, storedFeedTheme } from './feedTheme';
export { PostCard } from './PostCard';
export { FEED_THEME_STYLES } from './themes';
