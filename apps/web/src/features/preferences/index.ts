// The public entry of this feature: what other features may import from it (dependency rules,
// docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export {
  fetchPreferences,
  INVALID_PREFERENCES_RESPONSE,
  preferenceOptionsQuery,
  preferencesKeys,
  preferencesQuery,
  savePreferences,
  storeSavedPreferences,
} from './api';
export { humanizeName, listEntryLabel, sortByLabel } from './labels';
