/*
 * The reminder e-mail's unsubscribe links (ADR 042, RFC 8058): a token of the user id signed under AUTH_SECRET,
 * the page's link and the mail client's one-click link, and reading a token back. Apart because the e-mail the
 * job writes and the request that follows the link both use them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { REMINDER_UNSUBSCRIBE_PAGE } from '@daybook/shared';

import type { RemindersContext } from './context.ts';

/** The token of the e-mail's unsubscribe link: the user id and an HMAC of it under AUTH_SECRET (ADR 042). */
const TOKEN_PURPOSE = 'daily-reminder-unsubscribe';

export function createUnsubscribeLinks(ctx: RemindersContext) {
  const sign = (userId: string) =>
    createHmac('sha256', ctx.authSecret).update(`${TOKEN_PURPOSE}:${userId}`).digest('base64url');

  function unsubscribeToken(userId: string): string {
    return `${Buffer.from(userId).toString('base64url')}.${sign(userId)}`;
  }

  /** The user id a token was made for, or null for anything forged, altered or malformed. */
  function readToken(token: string): string | null {
    const [encodedId, signature, ...rest] = token.split('.');
    if (!encodedId || !signature || rest.length > 0) return null;
    const userId = Buffer.from(encodedId, 'base64url').toString('utf8');
    if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
    const expected = Buffer.from(sign(userId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  const unsubscribeUrl = (userId: string) =>
    `${ctx.appUrl}${REMINDER_UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(unsubscribeToken(userId))}`;
  /** The mail client's one-click POST (RFC 8058) goes straight to the API. */
  const oneClickUrl = (userId: string) =>
    `${ctx.appUrl}/api/reminders/unsubscribe/one-click?token=${encodeURIComponent(unsubscribeToken(userId))}`;

  return { unsubscribeToken, readToken, unsubscribeUrl, oneClickUrl };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
