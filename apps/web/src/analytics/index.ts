export { type RouteHandle, RouteTracker, type TitleKey, usePageTitle } from './RouteTracker';
export { type AnalyticsValue, track, userProperties } from './track';
