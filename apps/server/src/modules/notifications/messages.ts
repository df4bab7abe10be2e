import { isolate, type Language, type PushNotificationPayload } from '@josie/contract';

/**
 * The texts of push notifications in the recipient's language
 * (docs/product/rules-and-limits.md#notifications-and-install). The service worker shows `title` and `body`
 * as they are, with `lang` and `dir` so Hebrew renders right to left. Names and titles are people's own text in
 * either script: each is isolated (`isolate`, docs/product/hebrew-glossary.md#directions) so it does not
 * scramble the sentence around it.
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
    title:
      language === 'he'
        ? `ג׳וזי חדשה מאת ${isolate(input.curatorName)}`
        : `New josie from ${isolate(input.curatorName)}`,
    body: clip(isolate(input.title)),
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
          ? `„${isolate(input.title)}” אושרה ומופיעה עכשיו בפיד של העוקבים שלכם.`
          : `"${isolate(input.title)}" was approved and is now in your followers' feeds.`
        : he
          ? `„${isolate(input.title)}”: ${reason ? isolate(reason) : 'עורך החזיר אותה לעריכה.'}`
          : `"${isolate(input.title)}": ${reason ? isolate(reason) : 'An editor sent it back for changes.'}`,
    ),
    url: approved ? `/josie/${input.josieId}` : `/josie/edit/${input.josieId}`,
    tag: `review-${input.josieId}`,
    lang: language,
    dir: dirOf(language),
  };
}

/** A new follower (the `follower` kind's push, off by default); opens their profile. */
export function followerPush(
  language: Language,
  input: { followerId: string; followerName: string },
): PushNotificationPayload {
  const he = language === 'he';
  return {
    title: he ? 'עוקב/ת חדש/ה' : 'New follower',
    body: clip(
      he
        ? `${isolate(input.followerName)} התחיל/ה לעקוב אחריכם.`
        : `${isolate(input.followerName)} started following you.`,
    ),
    url: `/profile/${input.followerId}`,
    tag: `follower-${input.followerId}`,
    lang: language,
    dir: dirOf(language),
  };
}

/** Someone joined through the recipient's invite; opens the invites page. */
export function inviteJoinedPush(language: Language, input: { joinerName: string }): PushNotificationPayload {
  const he = language === 'he';
  return {
    title: he ? 'הצטרפות דרך ההזמנה שלכם' : 'Someone joined through your invite',
    body: clip(
      he
        ? `${isolate(input.joinerName)} הצטרף/ה ועוקב/ת אחריכם.`
        : `${isolate(input.joinerName)} joined and follows you.`,
    ),
    url: '/invites',
    tag: 'invite-joined',
    lang: language,
    dir: dirOf(language),
  };
}

/** The first like of a day on a josie (later likes that day only move the in-app entry); opens the josie. */
export function likesPush(
  language: Language,
  input: { josieId: string; title: string; likerName: string },
): PushNotificationPayload {
  const he = language === 'he';
  return {
    title: he ? 'לייק חדש' : 'New like',
    body: clip(
      he
        ? `${isolate(input.likerName)} אהב/ה את „${isolate(input.title)}”`
        : `${isolate(input.likerName)} liked "${isolate(input.title)}"`,
    ),
    url: `/josie/${input.josieId}`,
    tag: `likes-${input.josieId}`,
    lang: language,
    dir: dirOf(language),
  };
}

/**
 * The first comment of a day on the recipient's josie (later ones that day only move the in-app
 * entry, as with likes: docs/decisions/0049-comment-notifications-and-live-visitors.md); opens the josie's
 * comments.
 */
export function commentPush(
  language: Language,
  input: { josieId: string; title: string; commenterName: string },
): PushNotificationPayload {
  const he = language === 'he';
  return {
    title: he ? 'תגובה חדשה' : 'New comment',
    body: clip(
      he
        ? `${isolate(input.commenterName)} הגיב/ה על „${isolate(input.title)}”`
        : `${isolate(input.commenterName)} commented on "${isolate(input.title)}"`,
    ),
    url: `/josie/${input.josieId}#comments`,
    tag: `comment-${input.josieId}`,
    lang: language,
    dir: dirOf(language),
  };
}

/**
 * The first reply of a day to the recipient's comment, per thread (decision 0049); opens the josie's
 * comments.
 */
export function replyPush(
  language: Language,
  input: { josieId: string; threadId: string; title: string; replierName: string },
): PushNotificationPayload {
  const he = language === 'he';
  return {
    title: he ? 'תשובה לתגובה שלכם' : 'A reply to your comment',
    body: clip(
      he
        ? `${isolate(input.replierName)} השיב/ה לתגובה שלכם על „${isolate(input.title)}”`
        : `${isolate(input.replierName)} replied to your comment on "${isolate(input.title)}"`,
    ),
    url: `/josie/${input.josieId}#comments`,
    tag: `reply-${input.threadId}`,
    lang: language,
    dir: dirOf(language),
  };
}

/** The first josie of a day waiting for review (editors and admins); opens the review queue. */
export function reviewWaitingPush(
  language: Language,
  input: { title: string; curatorName: string },
): PushNotificationPayload {
  const he = language === 'he';
  return {
    title: he ? 'ג׳וזי ממתינה לבדיקה' : 'A josie is waiting for review',
    body: clip(
      he
        ? `„${isolate(input.title)}” מאת ${isolate(input.curatorName)}`
        : `"${isolate(input.title)}" by ${isolate(input.curatorName)}`,
    ),
    url: '/editor/dashboard',
    tag: 'review-waiting',
    lang: language,
    dir: dirOf(language),
  };
}
