import { describe, expect, it } from 'vitest';
import type { Role } from '../catalogues.js';
import { endpoints } from '../endpoints.js';
import {
  NOTIFICATION_CHANNELS_OF,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
} from '../notification-kinds.js';
import { NotificationSettingsUpdateBody } from '../social.js';
import { kindReaches, mergeNotificationSettings, notificationAllowed } from './notification-settings.js';

const globalsOn = { allowPushNotifications: true, allowEmails: true };

describe('notification settings (docs/decisions/0024-notifications-centre.md)', () => {
  it('answers the defaults for a user who never changed anything, digest off', () => {
    const merged = mergeNotificationSettings(globalsOn);
    expect(merged.kinds).toEqual(NOTIFICATION_DEFAULTS);
    expect(merged.digest).toBe('off');
    expect(merged).toMatchObject(globalsOn);
  });

  it('keeps stored choices over the defaults, per channel', () => {
    const merged = mergeNotificationSettings({
      ...globalsOn,
      kinds: { follower: { email: true }, 'new-josie': { inApp: true, push: false } },
      digest: 'weekly',
    });
    expect(merged.kinds.follower).toEqual({ inApp: true, email: true, push: false });
    expect(merged.kinds['new-josie']).toEqual({ inApp: true, email: false, push: false });
    expect(merged.digest).toBe('weekly');
  });

  it('never turns on a channel a kind cannot use, and drops keys that are no kinds', () => {
    const merged = mergeNotificationSettings({
      ...globalsOn,
      kinds: { likes: { email: true }, 'contact-message': { push: true }, retired: { inApp: true } },
    });
    expect(merged.kinds.likes.email).toBe(false);
    expect(merged.kinds['contact-message'].push).toBe(false);
    expect(Object.keys(merged.kinds)).toEqual([...NOTIFICATION_KINDS]);
    for (const kind of NOTIFICATION_KINDS) {
      for (const [channel, on] of Object.entries(merged.kinds[kind])) {
        if (on) expect(NOTIFICATION_CHANNELS_OF[kind]).toContain(channel);
      }
    }
  });

  it('keeps staff kinds to their roles', () => {
    expect(kindReaches('review-waiting', 'editor')).toBe(true);
    expect(kindReaches('review-waiting', 'admin')).toBe(true);
    expect(kindReaches('review-waiting', 'curator')).toBe(false);
    expect(kindReaches('contact-message', 'editor')).toBe(false);
    expect(kindReaches('contact-message', 'admin')).toBe(true);
  });

  it('keeps what happens to curators (followers, invites, review decisions, likes, comments) to curators', () => {
    const reaching = (role: Role) => NOTIFICATION_KINDS.filter((kind) => kindReaches(kind, role));
    // A reply to one's comment and the outcome of one's report reach every role (decisions 0049 and 0047).
    expect(reaching('listener')).toEqual(['new-josie', 'reply', 'report-resolved']);
    expect(reaching('curator')).toEqual([
      'follower',
      'invite-joined',
      'josie-approved',
      'josie-rejected',
      'likes',
      'new-josie',
      'comment',
      'reply',
      'report-resolved',
    ]);
    expect(reaching('editor')).toEqual(['new-josie', 'review-waiting', 'reply', 'report-resolved']);
    expect(reaching('admin')).toEqual([
      'new-josie',
      'review-waiting',
      'contact-message',
      'reply',
      'report-resolved',
    ]);
    // The roles that can cause them: only curators write josies and invite.
    expect(endpoints.createJosie.access).toEqual(['curator']);
    expect(endpoints.createInvite.access).toEqual(['curator']);
  });

  it('the global switches still mean no email at all, no push at all; in-app is unaffected', () => {
    expect(notificationAllowed(globalsOn, 'curator', 'josie-approved', 'email')).toBe(true);
    const noEmail = { allowPushNotifications: true, allowEmails: false };
    expect(notificationAllowed(noEmail, 'curator', 'josie-approved', 'email')).toBe(false);
    expect(notificationAllowed(noEmail, 'curator', 'josie-approved', 'push')).toBe(true);
    const noPush = { allowPushNotifications: false, allowEmails: true, kinds: { likes: { push: true } } };
    expect(notificationAllowed(noPush, 'curator', 'likes', 'push')).toBe(false);
    expect(notificationAllowed(noPush, 'curator', 'likes', 'inApp')).toBe(true);
    expect(
      notificationAllowed({ ...globalsOn, kinds: { likes: { inApp: false } } }, 'curator', 'likes', 'inApp'),
    ).toBe(false);
    expect(notificationAllowed(globalsOn, 'curator', 'review-waiting', 'inApp')).toBe(false);
  });

  it('the update body refuses a switch for a channel the kind cannot use', () => {
    expect(NotificationSettingsUpdateBody.safeParse({ kinds: { likes: { push: true } } }).success).toBe(true);
    expect(NotificationSettingsUpdateBody.safeParse({ kinds: { likes: { email: true } } }).success).toBe(
      false,
    );
    expect(NotificationSettingsUpdateBody.safeParse({ kinds: { nope: { inApp: true } } }).success).toBe(
      false,
    );
    expect(NotificationSettingsUpdateBody.safeParse({ digest: 'hourly' }).success).toBe(false);
  });
});
