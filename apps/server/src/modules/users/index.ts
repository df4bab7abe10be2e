// The public entry of the users module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { userAbilities } from './abilities.js';
export { presentPreferences } from './presenter.js';
export { createUsersService, ensureAdminAccount, type UsersService } from './service.js';
