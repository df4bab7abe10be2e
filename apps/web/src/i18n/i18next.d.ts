import 'i18next';
import type en from './locales/en/index.js';

/** Types `t()` keys from the English texts, so a missing or misspelt key fails the typecheck. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
