// The public entry of this feature: what other features may import from it (dependency rules,
// docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { storeJosie } from './cache';
export { creatorColour } from './colour';
export { AudioCard, useAudioItemLabel } from './components/AudioCard';
export {
  CardTable,
  CardTableBody,
  CardTableCell,
  CardTableHead,
  CardTableHeader,
  CardTableRow,
} from './components/CardTable';
export { CreatorName } from './components/CreatorName';
export { LoginToFollow } from './components/FollowButton';
export { GenreChips, genreName } from './components/GenreChips';
export { VideoEmbed } from './components/VideoEmbed';
export { useObjectUrl } from './editor/useObjectUrl';
export {
  type ListenProvider,
  openedLink,
  PLATFORM_NAMES,
  withKnownName,
} from './listen/choose';
export { PlatformIcon } from './listen/PlatformIcon';
export { useListenProvider } from './listen/provider';
export { readParagraphs } from './paragraphs';
export { josieKeys } from './read';
export { shareJosie } from './share';
export { latestRejectionReason, wasRejected } from './status';
