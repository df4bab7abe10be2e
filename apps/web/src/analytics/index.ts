export { type RouteHandle, RouteTracker, type TitleKey, usePageTitle } from './RouteTracker';
export {
  StudioJosie,
  studioService,
  trackShare,
  useAlsoOnClick,
  useFramePress,
  usePlayPress,
  useStudioJosie,
} from './studio';
export { followSource, referringSurface } from './surface';
export { type AnalyticsValue, track, userProperties } from './track';
