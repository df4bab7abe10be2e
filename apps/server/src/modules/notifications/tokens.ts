import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The kinds of email a link can unsubscribe from. The spec has one switch, `allowEmails`
 * (docs/product/data-and-config.md#data notificationSettings), so there is one kind; a token names it so that
 * kinds can be added later without old links changing meaning.
 */
export const EMAIL_KINDS = ['emails'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

const Uuid = z.uuid();

/**
 * Signed unsubscribe tokens for the links in notification emails
 * (docs/product/rules-and-limits.md#notifications-and-install): `userId.kind.mac`, where `mac` is HMAC-SHA256
 * over `userId.kind` with a key derived from the JWT secret (so it is never the signing key of sessions).
 * Tokens do not expire: an old email's link must still work. Changing the JWT secret invalidates them, like
 * sessions.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('josie/unsubscribe-token/v1').digest();
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();

  return {
    /** The token for `userId` and `kind`. */
    sign(userId: string, kind: EmailKind = 'emails'): string {
      const data = `${userId}.${kind}`;
      return `${data}.${mac(data).toString('base64url')}`;
    },

    /** The user and kind a genuine token names, or null for anything else. */
    verify(token: string): { userId: string; kind: EmailKind } | null {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [userId, kind, signature] = parts as [string, string, string];
      if (!Uuid.safeParse(userId).success || !(EMAIL_KINDS as readonly string[]).includes(kind)) return null;
      const expected = mac(`${userId}.${kind}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId, kind: kind as EmailKind };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

/** The path of an unsubscribe link with its signed token (the confirm page's form posts to it). */
export function unsubscribePath(token: string): string {
  return `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * The unsubscribe URL of a user's notification emails: opening it shows a page that asks to confirm; a
 * POST to it (that page's button, or the RFC 8058 one-click) turns the emails off (decision 0010).
 */
export function unsubscribeUrl(publicUrl: string, tokens: UnsubscribeTokens, userId: string): string {
  return `${publicUrl}${unsubscribePath(tokens.sign(userId))}`;
}

/** The RFC 2369 and RFC 8058 headers that let mail clients offer a one-click unsubscribe. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
