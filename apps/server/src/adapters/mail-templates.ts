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

/** Inputs of {@link exportReadyMail}. */
export interface ExportReadyMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/account?tab=data`: the account page's data tab, where the signed-in owner downloads it. */
  link: string;
  /** How long the download works, in days. */
  validDays: number;
}

/**
 * "Your Josie export is ready", in the user's language (English or Hebrew). The link opens the account page
 * and never the file itself: the download needs the owner's session (docs/decisions/0025-account-and-data.md).
 */
export function exportReadyMail(input: ExportReadyMailInput): RenderedMail {
  const { name, link, validDays } = input;
  if (input.language === 'he') {
    return render('he', {
      subject: `הייצוא שלך מ-${BRAND} מוכן`,
      greeting: `שלום ${name},`,
      paragraphs: [
        `קובץ ה-zip עם הנתונים של חשבון ה-${BRAND} שלך מוכן להורדה.`,
        `אפשר להוריד אותו מדף החשבון, אחרי כניסה לחשבון, במשך ${validDays} הימים הקרובים.`,
      ],
      action: { label: 'להורדת הייצוא', url: link },
      fallback: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
      closing: ['אם לא ביקשת לייצא את הנתונים שלך, כדאי להחליף סיסמה.'],
    });
  }
  return render('en', {
    subject: `Your ${BRAND} export is ready`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `The zip file with the data of your ${BRAND} account is ready to download.`,
      `Download it from your account page, signed in, within the next ${validDays} days.`,
    ],
    action: { label: 'Download your export', url: link },
    fallback: "If the button doesn't work, copy this link into your browser:",
    closing: ["If you didn't ask for an export of your data, change your password."],
  });
}

/** Inputs of {@link deleteAccountMail}. */
export interface DeleteAccountMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/account/delete?token=..`: the page that asks once more, then deletes. */
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
}

/**
 * The confirmation of deleting an account that has no password (made through Spotify or Google), in the
 * user's language (docs/decisions/0025-account-and-data.md, "Deleting one's account").
 */
export function deleteAccountMail(input: DeleteAccountMailInput): RenderedMail {
  const { name, link, validHours } = input;
  if (input.language === 'he') {
    return render('he', {
      subject: `אישור מחיקת חשבון ה-${BRAND} שלך`,
      greeting: `שלום ${name},`,
      paragraphs: [
        `ביקשת למחוק את חשבון ה-${BRAND} שלך. המחיקה סופית: הג'וזיז, הלייקים, השמירות, המעקבים וההזמנות שלך יימחקו.`,
        `כדי לאשר יש לפתוח את הקישור. הוא פועל פעם אחת בלבד, במשך ${validHours} השעות הקרובות.`,
      ],
      action: { label: 'אישור מחיקת החשבון', url: link },
      fallback: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
      closing: ['אם לא ביקשת למחוק את החשבון, אפשר להתעלם מההודעה הזו: החשבון שלך לא ישתנה.'],
    });
  }
  return render('en', {
    subject: `Confirm deleting your ${BRAND} account`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `You asked to delete your ${BRAND} account. Deleting is final: your josies, likes, saves, follows and invites go with it.`,
      `Open the link to confirm. It works once, within the next ${validHours} hours.`,
    ],
    action: { label: 'Confirm deleting my account', url: link },
    fallback: "If the button doesn't work, copy this link into your browser:",
    closing: ["If you didn't ask to delete your account, ignore this email: your account stays as it is."],
  });
}

/** Inputs of {@link verificationMail}. */
export interface VerificationMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/verify-email?token=..` */
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
}

/**
 * The email-verification email: the link that confirms the address is the account's
 * (docs/decisions/0025-account-and-data.md, "Verification").
 */
export function verificationMail(input: VerificationMailInput): RenderedMail {
  const { name, link, validHours } = input;
  if (input.language === 'he') {
    return render('he', {
      subject: `אימות כתובת האימייל שלך ב-${BRAND}`,
      greeting: `שלום ${name},`,
      paragraphs: [
        `כדי לאשר שכתובת האימייל הזו שלך יש לפתוח את הקישור. הוא פועל פעם אחת בלבד, במשך ${validHours} השעות הקרובות.`,
        'אחרי האימות אפשר לפרסם ג׳וזים ולשלוח הזמנות.',
      ],
      action: { label: 'אימות האימייל', url: link },
      fallback: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
      closing: [`אם לא נרשמת ל-${BRAND}, אפשר להתעלם מההודעה הזו.`],
    });
  }
  return render('en', {
    subject: `Verify your ${BRAND} email address`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `Open the link to confirm this email address is yours. It works once, within the next ${validHours} hours.`,
      'Once it is verified you can publish josies and send invites.',
    ],
    action: { label: 'Verify my email', url: link },
    fallback: "If the button doesn't work, copy this link into your browser:",
    closing: [`If you didn't sign up for ${BRAND}, ignore this email.`],
  });
}

/** Inputs of {@link emailChangeConfirmationMail}. */
export interface EmailChangeConfirmationMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/confirm-email?token=..` */
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
}

/**
 * The email sent to the new address of an email change: the link that makes the change
 * (docs/decisions/0025-account-and-data.md, "Password and email changes").
 */
export function emailChangeConfirmationMail(input: EmailChangeConfirmationMailInput): RenderedMail {
  const { name, link, validHours } = input;
  if (input.language === 'he') {
    return render('he', {
      subject: `אישור כתובת האימייל החדשה שלך ב-${BRAND}`,
      greeting: `שלום ${name},`,
      paragraphs: [
        `ביקשת להעביר את חשבון ה-${BRAND} שלך לכתובת הזו.`,
        `הכתובת תשתנה כשיפתח הקישור. הוא פועל פעם אחת בלבד, במשך ${validHours} השעות הקרובות.`,
      ],
      action: { label: 'אישור הכתובת החדשה', url: link },
      fallback: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
      closing: ['אם לא ביקשת את השינוי, אפשר להתעלם מההודעה הזו: שום דבר לא ישתנה.'],
    });
  }
  return render('en', {
    subject: `Confirm your new ${BRAND} email address`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `You asked to move your ${BRAND} account to this address.`,
      `The address changes when you open the link. It works once, within the next ${validHours} hours.`,
    ],
    action: { label: 'Confirm my new address', url: link },
    fallback: "If the button doesn't work, copy this link into your browser:",
    closing: ["If you didn't ask for this, ignore this email: nothing will change."],
  });
}

/** Inputs of {@link emailChangeNoticeMail}. */
export interface EmailChangeNoticeMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** The address the change was asked for. */
  newEmail: string;
  /** The account's Security tab (`{PUBLIC_URL}/account?tab=security`). */
  link: string;
}

/**
 * The notice sent to the current address when a change to another is asked for, so that the owner learns
 * of a change they did not make while it can still be stopped (docs/decisions/0025-account-and-data.md).
 */
export function emailChangeNoticeMail(input: EmailChangeNoticeMailInput): RenderedMail {
  const { name, newEmail, link } = input;
  if (input.language === 'he') {
    return render('he', {
      subject: `בקשה לשינוי כתובת האימייל שלך ב-${BRAND}`,
      greeting: `שלום ${name},`,
      paragraphs: [
        `התקבלה בקשה להעביר את חשבון ה-${BRAND} שלך לכתובת ${newEmail}. הכתובת תשתנה רק אחרי אישור מהכתובת החדשה.`,
        'אם לא ביקשת זאת, כדאי לשנות את הסיסמה ולהתנתק מכל המכשירים האחרים בלשונית האבטחה.',
      ],
      action: { label: 'ללשונית האבטחה', url: link },
      fallback: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
      closing: ['אם ביקשת את השינוי, אין צורך לעשות דבר.'],
    });
  }
  return render('en', {
    subject: `Your ${BRAND} email address is about to change`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `Someone asked to move your ${BRAND} account to ${newEmail}. The address changes only once the new address confirms it.`,
      "If this wasn't you, change your password and sign out everywhere else from the Security tab.",
    ],
    action: { label: 'Open the Security tab', url: link },
    fallback: "If the button doesn't work, copy this link into your browser:",
    closing: ['If you asked for this, there is nothing to do.'],
  });
}
