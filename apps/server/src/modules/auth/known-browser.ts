import { createHash, randomBytes } from 'node:crypto';
import { sessionCookieValue } from '../../infra/auth/session-cookie.ts';

export const BROWSER_COOKIE = 'daybook.browser';
/** 128 random bits, base64url. */
const BROWSER_ID = /^[A-Za-z0-9_-]{22}$/;
/** A browser stays known for 400 days between sign-ins, the longest a browser keeps a cookie. */
const LIFETIME_SECONDS = 400 * 24 * 3600;

/**
 * Tells the browsers of an account apart (ADR 073): each carries a random id in a long-lived HttpOnly cookie, and
 * the server keeps only its SHA-256 hash beside the account. It proves nothing and signs no one in; it only lets a
 * sign-in from a browser never seen before be told to the account's owner.
 */
export function knownBrowser(cookieHeader: string | null, secure: boolean) {
  const carried = sessionCookieValue(cookieHeader, BROWSER_COOKIE);
  const id = carried && BROWSER_ID.test(carried) ? carried : randomBytes(16).toString('base64url');
  return {
    hash: createHash('sha256').update(id).digest('base64url'),
    /** Set on every sign-in, so a browser that keeps signing in stays known. */
    setCookie: `${BROWSER_COOKIE}=${id}; Path=/; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  };
}
