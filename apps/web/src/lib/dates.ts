import type { Language } from '@josie/contract';
import { format, isValid, parseISO } from 'date-fns';
import { he } from 'date-fns/locale/he';
import { i18n } from '../i18n';

/** Display patterns (DESIGN §9.17): 'MMM d, yyyy' in English, the Hebrew locale's day-month-year order. */
const PATTERNS: Record<Language, string> = { en: 'MMM d, yyyy', he: 'd בMMM yyyy' };

/**
 * Formats an ISO 8601 date for display: `Jan 5, 2024` in English, `5 בינו׳ 2024` in Hebrew, and the
 * localized 'Invalid date' for a missing or unreadable value (spec 000 §5, DESIGN §9.17).
 */
export function formatDate(iso: string | null | undefined, lang: Language | string = 'en'): string {
  const language: Language = lang === 'he' ? 'he' : 'en';
  const date = iso ? parseISO(iso) : null;
  if (!date || !isValid(date)) return i18n.t('common.invalidDate', { lng: language });
  return format(date, PATTERNS[language], language === 'he' ? { locale: he } : undefined);
}
