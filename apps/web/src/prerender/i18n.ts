import { LANGUAGES, type Language } from '@josie/contract';
import { createInstance, type i18n as I18n } from 'i18next';
import en from '../i18n/locales/en/index';
import he from '../i18n/locales/he/index';

const TEXTS: Record<Language, typeof en> = { en, he };

/**
 * One i18next instance per language for the server's renderings, initialised synchronously
 * (`initAsync: false`): every text of both languages is bundled into the server build.
 */
export const i18nInstances = Object.fromEntries(
  LANGUAGES.map((language) => {
    const instance = createInstance();
    void instance.init({
      resources: { [language]: { translation: TEXTS[language] } },
      lng: language,
      fallbackLng: false,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    return [language, instance];
  }),
) as Record<Language, I18n>;
