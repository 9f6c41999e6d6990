import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUTH_TIMINGS } from '@daybook/shared';
import type { Clock } from '../../lib/clock.ts';

export const REGISTRATION_COOKIE = 'daybook.registered_browser';
/** Sent only with the verification link's request, nowhere else. */
const COOKIE_PATH = '/api/auth/verify-email';
const LIFETIME_SECONDS = AUTH_TIMINGS.verificationLinkMinutes * 60;

/**
 * Marks the browser that registered an account: an HttpOnly cookie holding the new user's id, an expiry and an
 * HMAC of both. The verification link signs in only a browser that carries it for that user, so a link opened
 * anywhere else confirms the address without signing anyone in (no login CSRF, ADR 014).
 */
export function createRegistrationBrowser(deps: { secret: string; secure: boolean; clock: Clock }) {
  const sign = (userId: string, expires: number) =>
    createHmac('sha256', deps.secret).update(`registered-browser:${userId}:${expires}`).digest('base64url');
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${deps.secure ? '; Secure' : ''}`;

  return {
    /** The Set-Cookie value binding this browser to `userId` for as long as the link is valid. */
    issue(userId: string): string {
      const expires = Math.floor(deps.clock.now().getTime() / 1000) + LIFETIME_SECONDS;
      const value = `${userId}.${expires}.${sign(userId, expires)}`;
      return `${REGISTRATION_COOKIE}=${value}; Max-Age=${LIFETIME_SECONDS}; ${attributes}`;
    },

    /** The user id the cookie binds this browser to, or null (absent, expired, or not signed by us). */
    read(cookieHeader: string | null): string | null {
      const pair = cookieHeader
        ?.split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${REGISTRATION_COOKIE}=`));
      if (!pair) return null;
      const [userId, expiresText, signature, ...rest] = pair.slice(REGISTRATION_COOKIE.length + 1).split('.');
      if (!userId || !expiresText || !signature || rest.length > 0 || !/^\d+$/.test(expiresText)) return null;
      const expires = Number(expiresText);
      if (expires * 1000 <= deps.clock.now().getTime()) return null;
      const given = Buffer.from(signature);
      const expected = Buffer.from(sign(userId, expires));
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },

    clear: (): string => `${REGISTRATION_COOKIE}=; Max-Age=0; ${attributes}`,
  };
}
