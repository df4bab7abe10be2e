import type { Language } from '@josie/contract';
import { escapeHtml } from '../../adapters/mail-templates.js';

/** What the unsubscribe page says: done, or the link was not valid. */
export type UnsubscribeOutcome = 'unsubscribed' | 'invalid';

const TEXTS = {
  en: {
    unsubscribed: {
      title: 'You are unsubscribed',
      lead: 'Josie will not send you notification emails any more.',
      more: 'You can turn them back on at any time in your account’s Notifications settings.',
    },
    invalid: {
      title: 'This link is not valid',
      lead: 'We could not find the account of this unsubscribe link.',
      more: 'You can turn email notifications off in your account’s Notifications settings.',
    },
    settings: 'Notification settings',
    home: 'Go to Josie',
  },
  he: {
    unsubscribed: {
      title: 'ההסרה בוצעה',
      lead: 'Josie לא תשלח לכם יותר התראות בדוא״ל.',
      more: 'אפשר להפעיל אותן מחדש בכל זמן בהגדרות ההתראות של החשבון.',
    },
    invalid: {
      title: 'הקישור הזה לא תקין',
      lead: 'לא מצאנו את החשבון של קישור ההסרה הזה.',
      more: 'אפשר לכבות התראות בדוא״ל בהגדרות ההתראות של החשבון.',
    },
    settings: 'הגדרות התראות',
    home: 'ל-Josie',
  },
} as const;

/**
 * The small page an email's unsubscribe link opens (issue 11 item 4), in the user's language (English when
 * the link is not valid and the user unknown). Self-contained: inline styles, no scripts, so it works under
 * the app's Content-Security-Policy and without the web app.
 */
export function unsubscribePage(language: Language, outcome: UnsubscribeOutcome, publicUrl: string): string {
  const texts = TEXTS[language];
  const body = texts[outcome];
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const settings = escapeHtml(`${publicUrl}/account?tab=notifications`);
  const home = escapeHtml(`${publicUrl}/`);
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(body.title)} · Josie</title>
</head>
<body style="margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;box-sizing:border-box;background:linear-gradient(135deg,#fff0f7,#f3ecff);font-family:system-ui,-apple-system,'Segoe UI',Arial,sans-serif;color:#1d1d22">
<main style="max-width:440px;width:100%;padding:32px;background:#fff;border-radius:24px;box-shadow:0 10px 30px rgba(80,30,120,.12);text-align:start">
<p style="margin:0 0 20px;font-size:22px;font-weight:800;color:#d6247f">Josie</p>
<h1 style="margin:0 0 12px;font-size:24px;line-height:1.3">${escapeHtml(body.title)}</h1>
<p style="margin:0 0 8px;font-size:16px;line-height:1.5">${escapeHtml(body.lead)}</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5;color:#4b4b57">${escapeHtml(body.more)}</p>
<p style="margin:0;display:flex;flex-wrap:wrap;gap:12px">
<a href="${settings}" style="display:inline-block;padding:10px 18px;border-radius:999px;background:#d6247f;color:#fff;font-weight:600;text-decoration:none">${escapeHtml(texts.settings)}</a>
<a href="${home}" style="display:inline-block;padding:10px 18px;border-radius:999px;color:#a0175e;font-weight:600;text-decoration:none;border:1px solid #f3c1dc">${escapeHtml(texts.home)}</a>
</p>
</main>
</body>
</html>
`;
}
