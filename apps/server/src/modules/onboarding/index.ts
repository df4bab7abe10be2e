// The public entry of the onboarding module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { createOnboardingService, type OnboardingService } from './service.js';
