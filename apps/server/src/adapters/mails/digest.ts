import {
  FALLBACK,
  isolated,
  type MailTexts,
  type NotificationMailInput,
  type RenderedMail,
  renderNotification,
} from './layout.js';

/** Inputs of {@link digestMail}. */
export interface DigestMailInput extends NotificationMailInput {
  period: 'daily' | 'weekly';
  /** The new josies, each with its absolute URL. */
  josies: { title: string; curatorName: string; url: string }[];
}

const texts: MailTexts<DigestMailInput> = {
  en: ({ name, period, josies, link }) => ({
    subject:
      period === 'daily'
        ? `New josies from your curators today (${josies.length})`
        : `New josies from your curators this week (${josies.length})`,
    greeting: `Hi ${name},`,
    paragraphs: [
      'Here are the new josies of the curators you follow:',
      ...josies.map((j) => `"${j.title}" by ${j.curatorName}: ${j.url}`),
    ],
    action: { label: 'Open your feed', url: link },
    fallback: FALLBACK.en,
    closing: [],
  }),
  he: ({ name, period, josies, link }) => ({
    subject:
      period === 'daily'
        ? `ג׳וזיז חדשות מהאוצרים שלכם היום (${josies.length})`
        : `ג׳וזיז חדשות מהאוצרים שלכם השבוע (${josies.length})`,
    greeting: `שלום ${name},`,
    paragraphs: [
      'אלה הג׳וזיז החדשות של האוצרים שאתם עוקבים אחריהם:',
      ...josies.map((j) => `„${j.title}” מאת ${j.curatorName}: ${j.url}`),
    ],
    action: { label: 'לפיד', url: link },
    fallback: FALLBACK.he,
    closing: [],
  }),
};

/**
 * The digest of new josies from followed curators (daily or weekly, off by default): one line per josie
 * ("‘Title’ by Curator"), the button opens the home feed.
 */
export function digestMail(input: DigestMailInput): RenderedMail {
  return renderNotification(
    input.language,
    texts[input.language]({
      ...isolated(input, ['name']),
      josies: input.josies.map((josie) => isolated(josie, ['title', 'curatorName'])),
    }),
    input.unsubscribeUrl,
  );
}
