import { AUTH_TIMINGS, type SessionUser } from '@daybook/shared';
import { callAuth, type WithCookies } from '../../infra/auth/better-auth-errors.ts';
import { type CachedSession, sessionCacheKey } from '../../infra/auth/session-cache.ts';
import {
  readSessionToken,
  sessionCookieValue,
  verifiedSessionToken,
} from '../../infra/auth/session-cookie.ts';
import { hashSessionToken } from '../../infra/auth/session-tokens.ts';
import type { UserRow } from '../account/service.ts';
import type { AuthDeps } from './auth-deps.ts';

/*
 * The signed-in session: found from its cookie (this instance's cache first, ADR 047), its last use recorded, its
 * daily sliding refresh, and signing out.
 */

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.name,
    avatarUrl: user.image,
    role: user.role,
    timezone: user.timezone,
    emailVerified: user.emailVerified,
  };
}

/**
 * What a session lookup reads of a request: the Cookie header, and all headers only when better-auth must see them
 * (the daily refresh), so the common case builds no Headers object.
 */
export type SessionRequest = { cookie: string | null | undefined; headers: () => Headers };

const NO_SESSION: WithCookies<null> = Object.freeze({ result: null, setCookies: [] }) as WithCookies<null>;
const SESSION_LIFETIME_MS = AUTH_TIMINGS.sessionDays * 24 * 60 * 60 * 1000;
const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;
/**
 * How stale a session's recorded last use may get: the admin area's "Last seen" and the account's session list
 * move on use, at the cost of one write per session per 5 minutes at most, not one per request.
 */
export const SESSION_SEEN_EVERY_MS = 5 * 60 * 1000;

export function createSessions(deps: AuthDeps) {
  const { auth, accounts } = deps;
  const cache = deps.sessionCache?.cache;

  /**
   * The live session of a signed cookie value: from this instance's cache when it holds a fresh answer (then the
   * signature was checked when it was stored, and is not checked again), else the signature is checked and one
   * round trip (session joined to user) answers, cached unless a revocation was heard while it was on its way.
   */
  async function liveSession(signed: string, now: Date, isFresh: boolean): Promise<CachedSession | null> {
    const key = cache ? sessionCacheKey(signed) : '';
    if (cache) {
      deps.sessionCache?.listen();
      const held = isFresh ? null : cache.get(key);
      if (held) {
        if (held.expiresAt.getTime() > now.getTime()) return held;
        cache.forgetKey(key);
        return null;
      }
    }
    const token = verifiedSessionToken(signed, deps.authSecret);
    if (!token) return null;
    const readAt = cache?.generation() ?? 0;
    const found = await accounts.findLiveSession(hashSessionToken(token), now);
    if (!found || found.isBanned) return null;
    cache?.set(key, found, readAt);
    return found;
  }

  /**
   * Moves the session's last use to now. The held copy (this instance's cache) is moved first, so requests in the
   * meantime do not write too; a failed write only waits for the next interval: it never fails the request.
   */
  async function recordSeen(live: CachedSession, now: Date): Promise<void> {
    live.seenAt = now;
    await accounts
      .touchSession(live.sessionId, now, new Date(now.getTime() - SESSION_SEEN_EVERY_MS))
      .catch((error: unknown) => deps.log.error({ err: error }, 'recording a session as seen failed'));
  }

  return {
    async signOut(headers: Headers): Promise<string[]> {
      const token = readSessionToken(headers.get('cookie'), deps.authSecret, deps.sessionCookieName);
      const ending = token ? await accounts.findLiveSession(hashSessionToken(token), deps.clock.now()) : null;
      const { headers: responseHeaders } = await callAuth(() =>
        auth.api.signOut({ headers, returnHeaders: true }),
      );
      // Refused on this instance from now on; the other instances forget it on the NOTIFY below.
      const signed = sessionCookieValue(headers.get('cookie'), deps.sessionCookieName);
      if (signed) cache?.forgetKey(sessionCacheKey(signed));
      // Best effort: a stream that misses this closes at its next heartbeat's session check anyway.
      if (ending)
        await deps
          .onSessionEnded?.(ending.sessionId)
          .catch((error: unknown) =>
            deps.log.error({ err: error }, 'closing the live streams of a signed-out session failed'),
          );
      return responseHeaders.getSetCookie();
    },

    /**
     * The signed-in user and session. The common case is one query (session joined to user); when the session
     * is due for its daily sliding refresh, or anything is unusual, better-auth handles it and sets the cookie.
     */
    async session(
      request: SessionRequest,
      options?: { isFresh?: boolean },
    ): Promise<WithCookies<{ user: SessionUser; sessionId: string } | null>> {
      const signed = sessionCookieValue(request.cookie, deps.sessionCookieName);
      if (!signed) return NO_SESSION;
      const now = deps.clock.now();
      const live = await liveSession(signed, now, options?.isFresh === true);
      if (!live) return NO_SESSION;
      if (now.getTime() - live.seenAt.getTime() >= SESSION_SEEN_EVERY_MS) await recordSeen(live, now);
      const isRefreshDue =
        live.expiresAt.getTime() - SESSION_LIFETIME_MS + SESSION_REFRESH_MS <= now.getTime();
      if (!isRefreshDue) return { result: { user: live.user, sessionId: live.sessionId }, setCookies: [] };

      // The refresh moves the expiry in the database: the next lookup reads the new one.
      cache?.forgetKey(sessionCacheKey(signed));
      const { headers: responseHeaders, response } = await auth.api.getSession({
        headers: request.headers(),
        returnHeaders: true,
      });
      const setCookies = responseHeaders.getSetCookie();
      if (!response) return { result: null, setCookies };
      return { result: { user: live.user, sessionId: response.session.id }, setCookies };
    },
  };
}
