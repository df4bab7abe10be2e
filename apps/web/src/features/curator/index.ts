// The public entry of this feature: what other features may import from it (dependency rules,
// docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export { curatorKeys, fetchProfile, fetchRecommendations, setFollowing } from './api';
export { CuratorCard, type CuratorCardProps } from './CuratorCard';
