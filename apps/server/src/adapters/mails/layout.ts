import { isolate, type Language } from '@josie/contract';

/** A rendered email, ready for {@link Mailer.send} once a recipient is added. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The parts every transactional email has, in one language. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** Shown under the button for clients that do not follow it. */
  fallback: string;
  closing: string[];
}

/**
 * One mail's words in each language: a function per language from the mail's input to its content. A
 * mail's file holds its English and its Hebrew side by side, so a change to one shows the other.
 */
export type MailTexts<Input> = Record<Language, (input: Input) => MailContent>;

export const BRAND = 'Josie';

/**
 * A mail's input with its names, titles and reasons isolated (U+2068 … U+2069): people's own text, in either
 * script, inside a sentence neither reorders it nor is reordered by it (docs/product/hebrew-glossary.md#directions).
 * @param keys - the input's fields of people's text; never links, which the layout keeps left to right itself.
 */
export function isolated<Input extends object>(input: Input, keys: readonly (keyof Input)[]): Input {
  const copy = { ...input };
  for (const key of keys) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = isolate(value) as Input[typeof key];
  }
  return copy;
}
const ACCENT = '#ff69b4';

/** The line under the button, for mail clients that do not follow it. */
export const FALLBACK: Record<Language, string> = {
  he: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
  en: "If the button doesn't work, copy this link into your browser:",
};

/**
 * Renders the plain-text and HTML bodies of one email. The HTML declares `lang` and `dir` (Hebrew is
 * right to left) and keeps the link itself left to right; styles are inline because mail clients drop
 * style sheets.
 */
export function render(language: Language, content: MailContent): RenderedMail {
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const text = [
    content.greeting,
    '',
    ...content.paragraphs,
    '',
    content.action.url,
    '',
    ...content.closing,
    '',
    `— ${BRAND}`,
    '',
  ].join('\n');

  const p = (body: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;text-align:${align}">${body}</p>`;
  const url = escapeHtml(content.action.url);
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body dir="${dir}" style="margin:0;padding:24px;background:#f6f6f8;font-family:Arial,Helvetica,sans-serif;color:#1d1d22">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:${ACCENT};text-align:${align}">${BRAND}</p>
${p(escapeHtml(content.greeting))}
${content.paragraphs.map((line) => p(escapeHtml(line))).join('\n')}
<p style="margin:24px 0;text-align:center"><a href="${url}" style="display:inline-block;padding:12px 24px;background:${ACCENT};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:8px">${escapeHtml(content.action.label)}</a></p>
${p(escapeHtml(content.fallback))}
<p dir="ltr" style="margin:0 0 24px;font-size:13px;line-height:1.4;word-break:break-all;text-align:left"><a href="${url}" style="color:#3355cc">${url}</a></p>
${content.closing.map((line) => p(escapeHtml(line))).join('\n')}
</div>
</body>
</html>
`;
  return { subject: content.subject, text, html };
}

/** The unsubscribe footer of a notification email (docs/product/rules-and-limits.md#notifications-and-install). */
interface UnsubscribeFooter {
  /** Why the recipient gets this email. */
  reason: string;
  /** The link's label. */
  label: string;
}

/** The footer every notification email carries, in the recipient's language. */
const NOTIFICATION_FOOTER: Record<Language, UnsubscribeFooter> = {
  he: {
    reason: `קיבלתם את ההודעה הזו כי התראות בדוא״ל פעילות בחשבון ה-${BRAND} שלכם.`,
    label: 'הפסקת ההתראות בדוא״ל',
  },
  en: {
    reason: `You get this email because email notifications are on for your ${BRAND} account.`,
    label: 'Unsubscribe from these emails',
  },
};

/**
 * Renders a notification email: {@link render}, then the unsubscribe footer (a line of plain text with the
 * one-click link, and in the HTML a small paragraph inside the card, before its closing tag, so it inherits
 * the direction). docs/product/rules-and-limits.md#notifications-and-install.
 */
export function renderNotification(
  language: Language,
  content: MailContent,
  unsubscribeUrl: string,
): RenderedMail {
  const mail = render(language, content);
  const footer = NOTIFICATION_FOOTER[language];
  const align = language === 'he' ? 'right' : 'left';
  const url = escapeHtml(unsubscribeUrl);
  const paragraph = `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e4e4ea;font-size:13px;line-height:1.5;color:#5f5f6b;text-align:${align}">${escapeHtml(footer.reason)} <a href="${url}" style="color:#3355cc">${escapeHtml(footer.label)}</a></p>\n`;
  const end = mail.html.lastIndexOf('</div>');
  return {
    subject: mail.subject,
    text: `${mail.text}\n${footer.reason}\n${footer.label}: ${unsubscribeUrl}\n`,
    html: `${mail.html.slice(0, end)}${paragraph}${mail.html.slice(end)}`,
  };
}

/** Inputs every notification email shares (docs/decisions/0024-notifications-centre.md). */
export interface NotificationMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The recipient's display name. */
  name: string;
  /** Absolute URL the button opens. */
  link: string;
  /** The one-click unsubscribe URL. */
  unsubscribeUrl: string;
}
