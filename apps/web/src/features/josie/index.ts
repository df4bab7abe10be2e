/**
 * What other features use from the josie feature: the display components of a josie (feed cards, curator
 * pages, previews), its status and colour helpers, and its queries. Pages are not exported here: the
 * router loads them lazily, each as its own chunk.
 */
export { josieKeys, storeJosie, useJosie } from './api';
export { contrastRatio, creatorColour, readableColour, textOn } from './colour';
export { AudioCard, type AudioCardProps, useAudioItemLabel } from './components/AudioCard';
export {
  CardTable,
  CardTableBody,
  CardTableCell,
  CardTableHead,
  CardTableHeader,
  CardTableRow,
} from './components/CardTable';
export { CreatorHero, type CreatorHeroProps, coverArt, heroTint } from './components/CreatorHero';
export { CreatorName, type CreatorNameProps } from './components/CreatorName';
export { FollowButton, type FollowButtonProps } from './components/FollowButton';
export { JosieParagraphs, type JosieParagraphsProps } from './components/JosieParagraphs';
export { JosieStatusBadge } from './components/JosieStatusBadge';
export {
  SPOTIFY_ALLOW,
  SPOTIFY_EMBED_HEIGHT,
  VideoEmbed,
  type VideoEmbedProps,
  YouTubeEmbed,
  type YouTubeEmbedProps,
} from './components/VideoEmbed';
export { displayStatus, latestRejectionReason, wasRejected } from './status';
