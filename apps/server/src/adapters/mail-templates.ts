import type { Language } from '@josie/contract';

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
interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** Shown under the button for clients that do not follow it. */
  fallback: string;
  closing: string[];
}

const BRAND = 'Josie';
const ACCENT = '#ff69b4';

/**
 * Renders the plain-text and HTML bodies of one email. The HTML declares `lang` and `dir` (Hebrew is
 * right to left) and keeps the link itself left to right; styles are inline because mail clients drop
 * style sheets.
 */
function render(language: Language, content: MailContent): RenderedMail {
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

/** Inputs of {@link passwordResetMail}. */
export interface PasswordResetMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/reset-password?email=..&token=..` */
  link: string;
  /** How long the link works. */
  validMinutes: number;
}

/**
 * The password-reset email in the user's language (English or Hebrew), plain text and HTML.
 * docs/product/rules-and-limits.md#passwords-and-reset; docs/product/routes-and-roles.md#account.
 */
export function passwordResetMail(input: PasswordResetMailInput): RenderedMail {
  const { name, link, validMinutes } = input;
  if (input.language === 'he') {
    return render('he', {
      subject: `איפוס הסיסמה שלך ב-${BRAND}`,
      greeting: `שלום ${name},`,
      paragraphs: [
        `קיבלנו בקשה לאפס את הסיסמה של חשבון ה-${BRAND} שלך.`,
        `כדי לבחור סיסמה חדשה יש לפתוח את הקישור. הוא פועל פעם אחת בלבד, במשך ${validMinutes} הדקות הקרובות.`,
      ],
      action: { label: 'בחירת סיסמה חדשה', url: link },
      fallback: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
      closing: ['אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מההודעה הזו: הסיסמה שלך לא תשתנה.'],
    });
  }
  return render('en', {
    subject: `Reset your ${BRAND} password`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `We received a request to reset the password of your ${BRAND} account.`,
      `Open the link to choose a new password. It works once, within the next ${validMinutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url: link },
    fallback: "If the button doesn't work, copy this link into your browser:",
    closing: ["If you didn't ask to reset your password, ignore this email: your password stays the same."],
  });
}

/** The unsubscribe footer of a notification email (docs/product/rules-and-limits.md#notifications-and-install). */
interface UnsubscribeFooter {
  /** Why the recipient gets this email. */
  reason: string;
  /** The link's label. */
  label: string;
  /** The one-click unsubscribe URL. */
  url: string;
}

/**
 * Adds the unsubscribe footer to a rendered email: a line of plain text with the link, and in the HTML a
 * small paragraph with the link inside the card (before its closing tag, so it inherits the direction).
 */
function withUnsubscribeFooter(
  language: Language,
  mail: RenderedMail,
  footer: UnsubscribeFooter,
): RenderedMail {
  const align = language === 'he' ? 'right' : 'left';
  const url = escapeHtml(footer.url);
  const paragraph = `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e4e4ea;font-size:13px;line-height:1.5;color:#5f5f6b;text-align:${align}">${escapeHtml(footer.reason)} <a href="${url}" style="color:#3355cc">${escapeHtml(footer.label)}</a></p>\n`;
  const end = mail.html.lastIndexOf('</div>');
  return {
    subject: mail.subject,
    text: `${mail.text}\n${footer.reason}\n${footer.label}: ${footer.url}\n`,
    html: `${mail.html.slice(0, end)}${paragraph}${mail.html.slice(end)}`,
  };
}

/** The footer every notification email carries, in the recipient's language. */
function notificationFooter(language: Language, unsubscribeUrl: string): UnsubscribeFooter {
  return language === 'he'
    ? {
        reason: `קיבלתם את ההודעה הזו כי התראות בדוא״ל פעילות בחשבון ה-${BRAND} שלכם.`,
        label: 'הפסקת ההתראות בדוא״ל',
        url: unsubscribeUrl,
      }
    : {
        reason: `You get this email because email notifications are on for your ${BRAND} account.`,
        label: 'Unsubscribe from these emails',
        url: unsubscribeUrl,
      };
}

/** Inputs of {@link reviewDecisionMail}. */
export interface ReviewDecisionMailInput {
  /** The curator's `preferred_language`. */
  language: Language;
  /** The curator's display name. */
  name: string;
  /** The josie's title. */
  title: string;
  action: 'approved' | 'rejected';
  /** The editor's reason, for a rejection. */
  reason: string | null;
  /** Approved: the josie's page; rejected: its edit page (`{PUBLIC_URL}/josie/edit/{id}`). */
  link: string;
  unsubscribeUrl: string;
}

/**
 * The email a curator gets when an editor approves or rejects their josie
 * (docs/product/rules-and-limits.md#notifications-and-install review): a rejection quotes the editor's reason
 * and links to the edit page.
 */
export function reviewDecisionMail(input: ReviewDecisionMailInput): RenderedMail {
  const { language, name, title, link } = input;
  const reason = input.reason?.trim() || null;
  let mail: RenderedMail;
  if (language === 'he') {
    mail =
      input.action === 'approved'
        ? render('he', {
            subject: `הג׳וזי שלכם „${title}” פורסמה`,
            greeting: `שלום ${name},`,
            paragraphs: [`חדשות טובות: עורך אישר את „${title}”, והיא מופיעה עכשיו בפיד של העוקבים שלכם.`],
            action: { label: 'לצפייה בג׳וזי', url: link },
            fallback: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
            closing: [`תודה שאתם משתפים מוזיקה ב-${BRAND}.`],
          })
        : render('he', {
            subject: `הג׳וזי שלכם „${title}” צריכה שינויים`,
            greeting: `שלום ${name},`,
            paragraphs: [
              `עורך בדק את „${title}” והחזיר אותה עם ההערה הזו:`,
              reason ? `„${reason}”` : '(לא נכתבה סיבה)',
              'אחרי שתבצעו את השינויים ותשמרו, הג׳וזי תחזור לתור הבדיקה.',
            ],
            action: { label: 'לעריכת הג׳וזי', url: link },
            fallback: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
            closing: [],
          });
  } else {
    mail =
      input.action === 'approved'
        ? render('en', {
            subject: `Your josie "${title}" is published`,
            greeting: `Hi ${name},`,
            paragraphs: [`Good news: an editor approved "${title}", and it is now in your followers' feeds.`],
            action: { label: 'View your josie', url: link },
            fallback: "If the button doesn't work, copy this link into your browser:",
            closing: [`Thanks for sharing music on ${BRAND}.`],
          })
        : render('en', {
            subject: `Your josie "${title}" needs changes`,
            greeting: `Hi ${name},`,
            paragraphs: [
              `An editor reviewed "${title}" and sent it back with this note:`,
              reason ? `"${reason}"` : '(No reason was given.)',
              'Make the changes and save: your josie goes back to the review queue.',
            ],
            action: { label: 'Edit your josie', url: link },
            fallback: "If the button doesn't work, copy this link into your browser:",
            closing: [],
          });
  }
  return withUnsubscribeFooter(language, mail, notificationFooter(language, input.unsubscribeUrl));
}

/** Inputs of {@link inviteJoinedMail}. */
export interface InviteJoinedMailInput {
  /** The curator's `preferred_language`. */
  language: Language;
  /** The curator's display name. */
  name: string;
  /** The display name of who joined. */
  joinerName: string;
  /** The curator's invites page (`{PUBLIC_URL}/invites`). */
  link: string;
  unsubscribeUrl: string;
}

/** The email a curator gets when someone joins through their invite (docs/product/rules-and-limits.md#notifications-and-install). */
export function inviteJoinedMail(input: InviteJoinedMailInput): RenderedMail {
  const { language, name, joinerName, link } = input;
  const mail =
    language === 'he'
      ? render('he', {
          subject: `הצטרפות חדשה ל-${BRAND} דרך ההזמנה שלכם: ${joinerName}`,
          greeting: `שלום ${name},`,
          paragraphs: [
            `ההזמנה שלכם התקבלה על ידי ${joinerName}.`,
            `מעכשיו כל ג׳וזי שתפרסמו תגיע גם לפיד של ${joinerName}.`,
          ],
          action: { label: 'להזמנות שלי', url: link },
          fallback: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
          closing: [],
        })
      : render('en', {
          subject: `${joinerName} joined ${BRAND} through your invite`,
          greeting: `Hi ${name},`,
          paragraphs: [
            `${joinerName} accepted your invite and now follows you.`,
            'Every josie you publish will reach their feed.',
          ],
          action: { label: 'See your invites', url: link },
          fallback: "If the button doesn't work, copy this link into your browser:",
          closing: [],
        });
  return withUnsubscribeFooter(language, mail, notificationFooter(language, input.unsubscribeUrl));
}

/** Inputs of the notifications centre's mails (docs/decisions/0024-notifications-centre.md). */
interface CentreMailInput {
  language: Language;
  /** The recipient's name. */
  name: string;
  /** Absolute URL the button opens. */
  link: string;
  unsubscribeUrl: string;
}

const FALLBACK = {
  he: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
  en: "If the button doesn't work, copy this link into your browser:",
} as const;

/** A new follower (the `follower` kind's email, off by default). */
export function followerMail(input: CentreMailInput & { followerName: string }): RenderedMail {
  const { language, name, followerName, link } = input;
  const mail =
    language === 'he'
      ? render('he', {
          subject: `${followerName} עוקב/ת אחריכם ב-${BRAND}`,
          greeting: `שלום ${name},`,
          paragraphs: [`${followerName} התחיל/ה לעקוב אחריכם. כל ג׳וזי שתפרסמו תגיע לפיד שלהם.`],
          action: { label: 'לפרופיל', url: link },
          fallback: FALLBACK.he,
          closing: [],
        })
      : render('en', {
          subject: `${followerName} follows you on ${BRAND}`,
          greeting: `Hi ${name},`,
          paragraphs: [
            `${followerName} started following you. Every josie you publish will reach their feed.`,
          ],
          action: { label: 'See their profile', url: link },
          fallback: FALLBACK.en,
          closing: [],
        });
  return withUnsubscribeFooter(language, mail, notificationFooter(language, input.unsubscribeUrl));
}

/** A josie waiting for review (the `review-waiting` kind's email, editors and admins). */
export function reviewWaitingMail(
  input: CentreMailInput & { curatorName: string; title: string },
): RenderedMail {
  const { language, name, curatorName, title, link } = input;
  const mail =
    language === 'he'
      ? render('he', {
          subject: `ג׳וזי ממתינה לבדיקה: „${title}”`,
          greeting: `שלום ${name},`,
          paragraphs: [`${curatorName} שלח/ה את „${title}” לבדיקה.`],
          action: { label: 'לתור הבדיקה', url: link },
          fallback: FALLBACK.he,
          closing: [],
        })
      : render('en', {
          subject: `A josie is waiting for review: "${title}"`,
          greeting: `Hi ${name},`,
          paragraphs: [`${curatorName} sent "${title}" for review.`],
          action: { label: 'Open the review queue', url: link },
          fallback: FALLBACK.en,
          closing: [],
        });
  return withUnsubscribeFooter(language, mail, notificationFooter(language, input.unsubscribeUrl));
}

/** A new contact message (the `contact-message` kind's email, admins). The message itself stays in the app. */
export function contactMessageMail(input: CentreMailInput & { senderName: string }): RenderedMail {
  const { language, name, senderName, link } = input;
  const mail =
    language === 'he'
      ? render('he', {
          subject: `הודעה חדשה מ-${senderName} דרך טופס יצירת הקשר`,
          greeting: `שלום ${name},`,
          paragraphs: [`${senderName} שלח/ה הודעה דרך טופס יצירת הקשר של ${BRAND}.`],
          action: { label: 'להודעות', url: link },
          fallback: FALLBACK.he,
          closing: [],
        })
      : render('en', {
          subject: `New contact message from ${senderName}`,
          greeting: `Hi ${name},`,
          paragraphs: [`${senderName} sent a message through ${BRAND}'s contact form.`],
          action: { label: 'Read the messages', url: link },
          fallback: FALLBACK.en,
          closing: [],
        });
  return withUnsubscribeFooter(language, mail, notificationFooter(language, input.unsubscribeUrl));
}

/**
 * The digest of new josies from followed curators (daily or weekly, off by default): one line per josie
 * ("‘Title’ by Curator"), the button opens the home feed.
 */
export function digestMail(
  input: CentreMailInput & {
    period: 'daily' | 'weekly';
    josies: { title: string; curatorName: string; url: string }[];
  },
): RenderedMail {
  const { language, name, period, josies, link } = input;
  const lines = josies.map((j) =>
    language === 'he'
      ? `„${j.title}” מאת ${j.curatorName}: ${j.url}`
      : `"${j.title}" by ${j.curatorName}: ${j.url}`,
  );
  const mail =
    language === 'he'
      ? render('he', {
          subject:
            period === 'daily'
              ? `ג׳וזיז חדשות מהאוצרים שלכם היום (${josies.length})`
              : `ג׳וזיז חדשות מהאוצרים שלכם השבוע (${josies.length})`,
          greeting: `שלום ${name},`,
          paragraphs: ['אלה הג׳וזיז החדשות של האוצרים שאתם עוקבים אחריהם:', ...lines],
          action: { label: 'לפיד', url: link },
          fallback: FALLBACK.he,
          closing: [],
        })
      : render('en', {
          subject:
            period === 'daily'
              ? `New josies from your curators today (${josies.length})`
              : `New josies from your curators this week (${josies.length})`,
          greeting: `Hi ${name},`,
          paragraphs: ['Here are the new josies of the curators you follow:', ...lines],
          action: { label: 'Open your feed', url: link },
          fallback: FALLBACK.en,
          closing: [],
        });
  return withUnsubscribeFooter(language, mail, notificationFooter(language, input.unsubscribeUrl));
}
