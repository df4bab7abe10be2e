export { type RouteHandle, RouteTracker, type TitleKey } from './RouteTracker';
export { type AnalyticsValue, track, userProperties } from './track';
