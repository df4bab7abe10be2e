// The public entry of the users module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { presentPreferences } from './presenter.js';
export { createUsersService, type UsersService } from './service.js';

// Writes for admin and uploads.
export { createUserWrites, type UserWrites } from './writes.js';
