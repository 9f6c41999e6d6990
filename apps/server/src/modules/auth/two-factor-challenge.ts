/*
 * The pending sign-in between a right password and its code (ADR 075): a hashed, single-use token named by an
 * HttpOnly cookie sent only to the sign-in API. No session exists while it lasts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@daybook/shared';
import { sessionCookieValue } from '../../infra/auth/session-cookie.ts';
import { MINUTE_MS, type TwoFactorContext } from './two-factor-context.ts';

/** The pending sign-in's cookie: HttpOnly, sent only to the sign-in API, gone after the code step. */
export const TWO_FACTOR_COOKIE = 'daybook.two_factor';
const CHALLENGE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const CHALLENGE_MS = TWO_FACTOR.challengeMinutes * MINUTE_MS;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createTwoFactorChallenge(ctx: TwoFactorContext) {
  const { clock, repository, secureCookies } = ctx;

  const challengeCookie = (token: string, maxAgeSeconds: number) =>
    `${TWO_FACTOR_COOKIE}=${token}; Path=/api/auth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secureCookies ? '; Secure' : ''}`;

  const challengeTokenOf = (cookieHeader: string | null) => {
    const token = sessionCookieValue(cookieHeader, TWO_FACTOR_COOKIE);
    return token && CHALLENGE_TOKEN.test(token) ? token : null;
  };

  return {
    /** After a right password: the pending sign-in, and the cookie that names it. No session exists yet. */
    async startChallenge(userId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await repository.createChallenge(hashToken(token), userId, new Date(now.getTime() + CHALLENGE_MS), now);
      return challengeCookie(token, CHALLENGE_MS / 1000);
    },

    /** The user a pending sign-in names, while it lasts. */
    async challengedUser(cookieHeader: string | null): Promise<string | null> {
      const token = challengeTokenOf(cookieHeader);
      return token ? repository.findChallenge(hashToken(token), clock.now()) : null;
    },

    /** Uses the pending sign-in up; false when it is gone (used by a parallel request, or run out). */
    async consumeChallenge(cookieHeader: string | null, userId: string): Promise<boolean> {
      const token = challengeTokenOf(cookieHeader);
      return token !== null && (await repository.consumeChallenge(hashToken(token), clock.now())) === userId;
    },

    clearChallengeCookie: () => challengeCookie('', 0),
  };
}
