import { LANGUAGES, type Language } from '@josie/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlag, useFlags } from '../flags/useFlags';
import {
  changeInterfaceLanguage,
  chooseLanguage,
  currentLanguage,
  DEFAULT_LANGUAGE,
  detectedLanguage,
} from './index';

/**
 * Enforces the `language_select` flag (docs/product/README.md#what-josie-is,
 * docs/product/rules-and-limits.md#constants): while it is off the interface is English; when it is on, the
 * detected (or chosen) language applies, and a `?lng=` link is a choice: remembered like the toggle's
 * (localStorage and the `i18next` cookie the server reads), so it outlasts the page it was on. Waits for the
 * flags' first answer so a Hebrew reader with the flag on does not see English first; when the flags cannot
 * be read (offline), the detected language stays.
 */
export function LanguageSync() {
  const { status } = useFlags();
  const enabled = useFlag('language_select');
  useEffect(() => {
    if (status === 'pending') return;
    // Without an answer (offline: the page came from the service worker's shell, which the server did not
    // mark) the flag is unknown: the detected language applies, the reader's stored choice first, as
    // `shell.js` painted it (decision 0026).
    const known = status === 'success';
    const linked = enabled && known ? linkedLanguage() : null;
    if (linked) {
      void chooseLanguage(linked);
      return;
    }
    const target = enabled || !known ? detectedLanguage() : DEFAULT_LANGUAGE;
    if (currentLanguage() !== target) void changeInterfaceLanguage(target);
  }, [status, enabled]);
  return null;
}

/** The supported language the page's `lng` query asks for (`he`, `he-IL`...), else null. */
function linkedLanguage(): Language | null {
  const asked = new URLSearchParams(window.location.search).get('lng')?.toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(asked ?? '') ? (asked as Language) : null;
}

/** What {@link useLanguageToggle} answers. */
export interface LanguageToggle {
  /** False while the `language_select` flag is off: the toggle is not shown. */
  available: boolean;
  /** The language the toggle switches to. */
  target: Language;
  /** Its name in that language: "עברית" in English, "English" in Hebrew (docs/product/routes-and-roles.md#pages). */
  label: string;
  toggle(): void;
}

/** The language toggle of the menu and the login page. */
export function useLanguageToggle(): LanguageToggle {
  const { t, i18n: instance } = useTranslation();
  const available = useFlag('language_select');
  const target: Language = (instance.resolvedLanguage ?? instance.language) === 'he' ? 'en' : 'he';
  return {
    available,
    target,
    label: t('nav.switchLanguage'),
    toggle: () => void chooseLanguage(target),
  };
}
