import {
  BRAND,
  FALLBACK,
  isolated,
  type MailTexts,
  type NotificationMailInput,
  type RenderedMail,
  renderNotification,
} from './layout.js';

/** Inputs of {@link inviteJoinedMail}: the recipient is the invite's curator. */
export interface InviteJoinedMailInput extends NotificationMailInput {
  /** The display name of who joined. */
  joinerName: string;
  /** The curator's invites page (`{PUBLIC_URL}/invites`). */
  link: string;
}

const texts: MailTexts<InviteJoinedMailInput> = {
  en: ({ name, joinerName, link }) => ({
    subject: `${joinerName} joined ${BRAND} through your invite`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `${joinerName} accepted your invite and now follows you.`,
      'Every josie you publish will reach their feed.',
    ],
    action: { label: 'See your invites', url: link },
    fallback: FALLBACK.en,
    closing: [],
  }),
  he: ({ name, joinerName, link }) => ({
    subject: `הצטרפות חדשה ל-${BRAND} דרך ההזמנה שלכם: ${joinerName}`,
    greeting: `שלום ${name},`,
    paragraphs: [
      `ההזמנה שלכם התקבלה על ידי ${joinerName}.`,
      `מעכשיו כל ג׳וזי שתפרסמו תגיע גם לפיד של ${joinerName}.`,
    ],
    action: { label: 'להזמנות שלי', url: link },
    fallback: FALLBACK.he,
    closing: [],
  }),
};

/** The email a curator gets when someone joins through their invite (docs/product/rules-and-limits.md#notifications-and-install). */
export function inviteJoinedMail(input: InviteJoinedMailInput): RenderedMail {
  return renderNotification(
    input.language,
    texts[input.language](isolated(input, ['name', 'joinerName'])),
    input.unsubscribeUrl,
  );
}
