export { type RouteHandle, RouteTracker, type TitleKey, usePageTitle } from './RouteTracker';
export { followSource, referringSurface } from './surface';
export { type AnalyticsValue, track, userProperties } from './track';
