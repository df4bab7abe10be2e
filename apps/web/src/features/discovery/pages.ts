// The discovery pages in one chunk (docs/performance.md): each lazy chunk adds its name to the entry's
// preload table, which every first page downloads, and the three pages share most of their code anyway.
export { default as ExploreGenrePage } from './ExploreGenrePage';
export { default as ExplorePage } from './ExplorePage';
export { default as SearchPage } from './SearchPage';
