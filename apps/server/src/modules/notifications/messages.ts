import type { Language, PushNotificationPayload } from '@josie/contract';

/**
 * The texts of push notifications in the recipient's language
 * (docs/product/rules-and-limits.md#notifications-and-install). The service worker shows `title` and `body`
 * as they are, with `lang` and `dir` so Hebrew renders right to left.
 */

/** The longest body shown: notification centres cut longer text anyway, and payloads must stay small. */
const BODY_MAX = 180;

const clip = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1).trimEnd()}…` : text);
const dirOf = (language: Language) => (language === 'he' ? 'rtl' : 'ltr');

/** Followers' notification of a curator's newly published josie; opens the josie. */
export function newJosiePush(
  language: Language,
  input: { josieId: string; title: string; curatorName: string },
): PushNotificationPayload {
  return {
    title: language === 'he' ? `ג׳וזי חדשה מאת ${input.curatorName}` : `New josie from ${input.curatorName}`,
    body: clip(input.title),
    url: `/josie/${input.josieId}`,
    tag: `josie-${input.josieId}`,
    lang: language,
    dir: dirOf(language),
  };
}

/**
 * The curator's notification of a review decision: an approval opens the josie, a rejection its edit page
 * and shows the editor's reason.
 */
export function reviewDecisionPush(
  language: Language,
  input: { josieId: string; title: string; action: 'approved' | 'rejected'; reason: string | null },
): PushNotificationPayload {
  const he = language === 'he';
  const approved = input.action === 'approved';
  const reason = input.reason?.trim();
  return {
    title: approved
      ? he
        ? 'הג׳וזי שלכם פורסמה'
        : 'Your josie is published'
      : he
        ? 'הג׳וזי שלכם צריכה שינויים'
        : 'Your josie needs changes',
    body: clip(
      approved
        ? he
          ? `„${input.title}” אושרה ומופיעה עכשיו בפיד של העוקבים שלכם.`
          : `"${input.title}" was approved and is now in your followers' feeds.`
        : he
          ? `„${input.title}”: ${reason || 'עורך החזיר אותה לעריכה.'}`
          : `"${input.title}": ${reason || 'An editor sent it back for changes.'}`,
    ),
    url: approved ? `/josie/${input.josieId}` : `/josie/edit/${input.josieId}`,
    tag: `review-${input.josieId}`,
    lang: language,
    dir: dirOf(language),
  };
}
