import {
  BRAND,
  FALLBACK,
  isolated,
  type MailTexts,
  type NotificationMailInput,
  type RenderedMail,
  renderNotification,
} from './layout.js';

/** Inputs of {@link reviewDecisionMail}: the recipient is the josie's curator. */
export interface ReviewDecisionMailInput extends NotificationMailInput {
  /** The josie's title. */
  title: string;
  action: 'approved' | 'rejected';
  /** The editor's reason, for a rejection; blank counts as none. */
  reason: string | null;
  /** Approved: the josie's page; rejected: its edit page (`{PUBLIC_URL}/josie/edit/{id}`). */
  link: string;
}

const texts: MailTexts<ReviewDecisionMailInput> = {
  en: ({ name, title, action, reason, link }) =>
    action === 'approved'
      ? {
          subject: `Your josie "${title}" is published`,
          greeting: `Hi ${name},`,
          paragraphs: [`Good news: an editor approved "${title}", and it is now in your followers' feeds.`],
          action: { label: 'View your josie', url: link },
          fallback: FALLBACK.en,
          closing: [`Thanks for sharing music on ${BRAND}.`],
        }
      : {
          subject: `Your josie "${title}" needs changes`,
          greeting: `Hi ${name},`,
          paragraphs: [
            `An editor reviewed "${title}" and sent it back with this note:`,
            reason ? `"${reason}"` : '(No reason was given.)',
            'Make the changes and save: your josie goes back to the review queue.',
          ],
          action: { label: 'Edit your josie', url: link },
          fallback: FALLBACK.en,
          closing: [],
        },
  he: ({ name, title, action, reason, link }) =>
    action === 'approved'
      ? {
          subject: `הג׳וזי שלכם „${title}” פורסמה`,
          greeting: `שלום ${name},`,
          paragraphs: [`חדשות טובות: עורך אישר את „${title}”, והיא מופיעה עכשיו בפיד של העוקבים שלכם.`],
          action: { label: 'לצפייה בג׳וזי', url: link },
          fallback: FALLBACK.he,
          closing: [`תודה שאתם משתפים מוזיקה ב-${BRAND}.`],
        }
      : {
          subject: `הג׳וזי שלכם „${title}” צריכה שינויים`,
          greeting: `שלום ${name},`,
          paragraphs: [
            `עורך בדק את „${title}” והחזיר אותה עם ההערה הזו:`,
            reason ? `„${reason}”` : '(לא נכתבה סיבה)',
            'אחרי שתבצעו את השינויים ותשמרו, הג׳וזי תחזור לתור הבדיקה.',
          ],
          action: { label: 'לעריכת הג׳וזי', url: link },
          fallback: FALLBACK.he,
          closing: [],
        },
};

/**
 * The email a curator gets when an editor approves or rejects their josie
 * (docs/product/rules-and-limits.md#notifications-and-install review): a rejection quotes the editor's reason
 * and links to the edit page.
 */
export function reviewDecisionMail(input: ReviewDecisionMailInput): RenderedMail {
  const reason = input.reason?.trim() || null;
  return renderNotification(
    input.language,
    texts[input.language](isolated({ ...input, reason }, ['name', 'title', 'reason'])),
    input.unsubscribeUrl,
  );
}
