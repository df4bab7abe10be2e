import type { Language } from '@josie/contract';
import { escapeHtml } from '../../adapters/mails/index.js';

/**
 * What the unsubscribe page says: asks to confirm (the link's GET, which changes nothing, since mail
 * scanners follow links), done (after the confirm button's POST), or the link was not valid.
 */
export type UnsubscribeOutcome = 'confirm' | 'unsubscribed' | 'invalid';

const TEXTS = {
  en: {
    confirm: {
      title: 'Turn off email notifications?',
      lead: 'Josie will stop sending notification emails to this account.',
      more: 'You can turn them back on at any time in your account’s Notifications settings.',
    },
    unsubscribe: 'Unsubscribe',
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
    confirm: {
      title: 'להפסיק את ההתראות בדוא״ל?',
      lead: 'Josie תפסיק לשלוח התראות בדוא״ל לחשבון הזה.',
      more: 'אפשר להפעיל אותן מחדש בכל זמן בהגדרות ההתראות של החשבון.',
    },
    unsubscribe: 'הסרה',
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

/** The fields of the confirm button's form: the same body as a mail client's RFC 8058 one-click POST. */
const ONE_CLICK_FIELDS = `<input type="hidden" name="List-Unsubscribe" value="One-Click">`;

const PRIMARY_BUTTON =
  'display:inline-block;padding:10px 18px;border-radius:999px;background:#d6247f;color:#fff;font-weight:600;text-decoration:none';
const SECONDARY_BUTTON =
  'display:inline-block;padding:10px 18px;border-radius:999px;color:#a0175e;font-weight:600;text-decoration:none;border:1px solid #f3c1dc';

/**
 * The small page an email's unsubscribe link opens (decision 0010), in the user's
 * language (English when the link is not valid and the user unknown). `confirm` carries a form whose button
 * POSTs `List-Unsubscribe=One-Click` to `action` (the link itself); the other outcomes link to the account's
 * Notifications settings instead. Self-contained: inline styles, no scripts, so it works under the app's
 * Content-Security-Policy (`form-action 'self'`) and without the web app.
 *
 * @param action the path the confirm form posts to (`/api/notifications/unsubscribe?token=…`); only read
 *   for `confirm`.
 */
export function unsubscribePage(
  language: Language,
  outcome: UnsubscribeOutcome,
  publicUrl: string,
  action = '',
): string {
  const texts = TEXTS[language];
  const body = texts[outcome];
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const settings = escapeHtml(`${publicUrl}/account?tab=notifications`);
  const home = escapeHtml(`${publicUrl}/`);
  const buttonStyle = `${PRIMARY_BUTTON};border:0;font:inherit;font-weight:600;cursor:pointer`;
  const actions =
    outcome === 'confirm'
      ? `<form method="post" action="${escapeHtml(action)}">${ONE_CLICK_FIELDS}
<p style="margin:0;display:flex;flex-wrap:wrap;gap:12px">
<button type="submit" style="${buttonStyle}">${escapeHtml(texts.unsubscribe)}</button>
<a href="${home}" style="${SECONDARY_BUTTON}">${escapeHtml(texts.home)}</a>
</p>
</form>`
      : `<p style="margin:0;display:flex;flex-wrap:wrap;gap:12px">
<a href="${settings}" style="${PRIMARY_BUTTON}">${escapeHtml(texts.settings)}</a>
<a href="${home}" style="${SECONDARY_BUTTON}">${escapeHtml(texts.home)}</a>
</p>`;
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
${actions}
</main>
</body>
</html>
`;
}
