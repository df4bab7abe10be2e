// The public entry of the blocks feature (docs/decisions/0016-composition-root-and-module-boundaries.md):
// the comment actions, the profile's Block / Unblock and the account page's lists
// (docs/decisions/0048-blocking-and-muting.md).
export { AccountActions } from './AccountActions';
export { BlockedAndMuted } from './BlockedAndMuted';
export { ProfileBlockButton } from './ProfileBlockButton';
