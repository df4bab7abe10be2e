// The public entry of the security-log module (docs/decisions/0016-composition-root-and-module-boundaries.md).

export { requestOrigin } from './origin.js';
export {
  createSecurityLog,
  type RequestOrigin,
  type SecurityEventInput,
  type SecurityLog,
} from './service.js';
