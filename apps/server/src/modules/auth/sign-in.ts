import {
  AUTH_MESSAGES,
  describeUserAgent,
  type LoginStatus,
  normalizeEmail,
  PASSKEY_MESSAGES,
  type PasskeyAuthenticationResponse,
  type SessionUser,
  type SignInInput,
  type SignInResponse,
  TWO_FACTOR_MESSAGES,
  type TwoFactorCode,
} from '@daybook/shared';
import type { z } from 'zod';
import { callAuth, translateAuthError, type WithCookies } from '../../infra/auth/better-auth-errors.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { newSignInMail } from '../../infra/mail/templates.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserRow } from '../account/service.ts';
import type { AuthDeps } from './auth-deps.ts';
import { createKnownBrowsersRepository } from './browsers-repository.ts';
import { knownBrowser } from './known-browser.ts';
import { toSessionUser } from './sessions.ts';

/*
 * Signing in: with the password (and the code step when two-step sign-in is on, ADR 075), with a passkey
 * (ADR 080), or as a seeded test account (test tools only). A new browser's sign-in is told by e-mail (ADR 073).
 */

function lockedError(status: LoginStatus): AppError {
  return new AppError('ACCOUNT_LOCKED', AUTH_MESSAGES.lockedOut(status.lockedForMinutes ?? 15), undefined, {
    loginStatus: status,
  });
}

export function createSignIn(deps: AuthDeps) {
  const { auth, accounts, lockout } = deps;

  /**
   * Records the browser of a sign-in; one the account had not used before is told to its owner by e-mail, unless
   * it is the account's very first (ADR 073). Answers the cookie that keeps the browser known.
   */
  async function noteBrowser(
    user: { id: string; name: string; email: string },
    headers: Headers,
  ): Promise<string> {
    const browser = knownBrowser(headers.get('cookie'), deps.secureCookies);
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      const seen = await createKnownBrowsersRepository(tx).remember(user.id, browser.hash, now);
      if (!seen.isNew || !seen.knewOthers) return;
      const device = describeUserAgent(headers.get('user-agent'));
      const mail = newSignInMail(user.name, { device, at: now }, `${deps.appUrl}/profile#sessions`);
      await enqueueMail(tx, { ...mail, to: user.email }, now);
    });
    return browser.setCookie;
  }

  /** A seeded test account, created verified on first use; two first uses at once share the one created. */
  async function createTestUser(input: { email: string; fullName: string; password: string }) {
    const context = await auth.$context;
    try {
      const user = await context.internalAdapter.createUser(
        { email: input.email, name: input.fullName, emailVerified: true },
        { method: 'admin' },
      );
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await context.password.hash(input.password),
      });
      return user.id;
    } catch (error) {
      const created = await accounts.findByEmail(input.email);
      if (created) return created.id;
      throw error;
    }
  }

  return {
    /**
     * Test tools only (routes exist only with TEST_TOOLS on, for direct local requests): signs in a seeded test
     * account, creating it verified with `password` when missing. The session and cookie are better-auth's own.
     */
    async signInTestAccount(input: {
      email: string;
      fullName: string;
      password: string;
    }): Promise<WithCookies<{ userId: string }>> {
      const id = (await accounts.findByEmail(input.email))?.id ?? (await createTestUser(input));
      const { headers: responseHeaders } = await callAuth(() =>
        auth.api.signInVerifiedUser({ body: { userId: id }, returnHeaders: true }),
      );
      return { result: { userId: id }, setCookies: responseHeaders.getSetCookie() };
    },

    loginStatus: (email: string): Promise<LoginStatus> => lockout.status(email),

    async signIn(
      input: z.output<typeof SignInInput>,
      headers: Headers,
    ): Promise<WithCookies<SignInResponse>> {
      const email = normalizeEmail(input.email);
      const userAgent = headers.get('user-agent');
      // The attempt is counted before the password is checked (one atomic statement), so parallel guesses
      // cannot all slip in under the limit, and a locked e-mail is refused even with the right password.
      const reserved = await lockout.reserve(email);
      if ('refused' in reserved) throw lockedError(reserved.refused);
      const { reservation } = reserved;
      const wrongPassword = async (): Promise<never> => {
        const after = await reservation.failed(userAgent);
        if (after.isLockedOut) throw lockedError(after);
        throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials, undefined, {
          loginStatus: after,
        });
      };

      // Two-step sign-in on: the password is checked here, because better-auth's sign-in would create a session.
      // A right one yields only a pending state for the code step (ADR 075), never a session.
      let known: UserRow | null;
      try {
        const user = await accounts.findByEmail(email);
        known = user && (await deps.twoFactor.isEnabled(user.id)) ? user : null;
      } catch (error) {
        await reservation.release();
        throw error;
      }
      if (known) {
        let isRight = false;
        try {
          const hash = await accounts.credentialPasswordOf(known.id);
          isRight = hash !== null && (await deps.verifyPassword({ hash, password: input.password }));
        } catch (error) {
          await reservation.release();
          throw error;
        }
        if (!isRight) return wrongPassword();
        // The same outcomes, in the same order, as better-auth's sign-in (its ban check runs on session creation).
        if (!known.emailVerified || known.banned) {
          await reservation.release();
          throw known.banned
            ? new AppError('ACCOUNT_DISABLED', AUTH_MESSAGES.accountDisabled)
            : new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerifiedAtLogin);
        }
        await reservation.succeeded(userAgent);
        return {
          result: { twoFactorRequired: true },
          setCookies: [await deps.twoFactor.startChallenge(known.id)],
        };
      }

      const outcome = await auth.api
        .signInEmail({
          body: { email, password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        })
        .catch(async (error: unknown): Promise<never> => {
          const translated = translateAuthError(error);
          if (!(translated instanceof AppError) || translated.code !== 'INVALID_CREDENTIALS') {
            await reservation.release();
            throw translated;
          }
          return wrongPassword();
        });
      await reservation.succeeded(userAgent);
      const user = (await accounts.findById(outcome.response.user.id))!;
      const browserCookie = await noteBrowser(user, headers);
      return {
        result: { user: toSessionUser(user) },
        setCookies: [...outcome.headers.getSetCookie(), browserCookie],
      };
    },

    /**
     * The code step of a two-step sign-in: the pending state of a right password, then a code from the app or a
     * recovery code (with its own lockout). Only now is a session created, marked as passed with a second step.
     */
    async completeTwoFactorSignIn(
      input: TwoFactorCode,
      headers: Headers,
    ): Promise<WithCookies<{ user: SessionUser }>> {
      const cookie = headers.get('cookie');
      const expired = () =>
        new AppError('TWO_FACTOR_CHALLENGE_EXPIRED', TWO_FACTOR_MESSAGES.challengeExpired);
      const userId = await deps.twoFactor.challengedUser(cookie);
      if (!userId) throw expired();
      await deps.twoFactor.checkSecondStep(userId, input);
      if (!(await deps.twoFactor.consumeChallenge(cookie, userId))) throw expired();
      const user = await accounts.findById(userId);
      if (!user) throw expired();
      if (user.banned) throw new AppError('ACCOUNT_DISABLED', AUTH_MESSAGES.accountDisabled);
      const { headers: responseHeaders, response } = await callAuth(() =>
        auth.api.signInVerifiedUser({ body: { userId }, headers, returnHeaders: true }),
      );
      await accounts.markSession(response.sessionId, 'two-factor');
      const browserCookie = await noteBrowser(user, headers);
      return {
        result: { user: toSessionUser(user) },
        setCookies: [...responseHeaders.getSetCookie(), browserCookie, deps.twoFactor.clearChallengeCookie()],
      };
    },

    /**
     * A passkey sign-in (ADR 080): the answer checked (user verification included, so it counts as two steps and
     * no code follows), then the same account rules as a password sign-in: a disabled account or an unconfirmed
     * address is refused. The spec's password lockout guards guesses at the password, which a passkey is not:
     * it does not stop this sign-in, and the sign-in clears its count as a right password does.
     */
    async signInWithPasskey(
      response: z.output<typeof PasskeyAuthenticationResponse>,
      headers: Headers,
    ): Promise<WithCookies<{ user: SessionUser }>> {
      const userId = await deps.passkeys.verifySignIn(response);
      const user = await accounts.findById(userId);
      if (!user) throw new AppError('PASSKEY_UNKNOWN', PASSKEY_MESSAGES.unknown);
      if (user.banned) throw new AppError('ACCOUNT_DISABLED', AUTH_MESSAGES.accountDisabled);
      if (!user.emailVerified)
        throw new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerifiedAtLogin);
      const { headers: responseHeaders, response: created } = await callAuth(() =>
        auth.api.signInVerifiedUser({ body: { userId }, headers, returnHeaders: true }),
      );
      await accounts.markSession(created.sessionId, 'passkey');
      await lockout.clear(user.email);
      const browserCookie = await noteBrowser(user, headers);
      return {
        result: { user: toSessionUser(user) },
        setCookies: [...responseHeaders.getSetCookie(), browserCookie],
      };
    },
  };
}
