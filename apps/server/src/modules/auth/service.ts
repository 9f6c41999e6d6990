import type { RegisterInput, ResetPasswordInput, SignInInput } from '@daybook/shared';
import {
  AUTH_MESSAGES,
  AUTH_TIMINGS,
  type LoginStatus,
  normalizeEmail,
  type RegisterResponse,
  type SessionUser,
} from '@daybook/shared';
import type { z } from 'zod';
import type { Auth } from '../../infra/auth/better-auth.ts';
import { assertNotCommonPassword } from '../../infra/auth/passwords.ts';
import { readSessionToken } from '../../infra/auth/session-cookie.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountRepository, UserRow } from '../account/repository.ts';
import { callAuth, translateAuthError } from './better-auth-errors.ts';
import type { LockoutService } from './lockout-service.ts';

/** What a call hands back to the route: a result, and cookies to set. */
export type WithCookies<T> = { result: T; setCookies: string[] };

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

const SESSION_LIFETIME_MS = AUTH_TIMINGS.sessionDays * 24 * 60 * 60 * 1000;
const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;

export function createAuthService(deps: {
  auth: Auth;
  authSecret: string;
  accounts: AccountRepository;
  lockout: LockoutService;
  clock: Clock;
}) {
  const { auth, accounts, lockout } = deps;

  return {
    /** Spec §4 registration outcomes; the verification mail is queued by better-auth's hook. */
    async register(input: z.output<typeof RegisterInput>, headers: Headers): Promise<RegisterResponse> {
      const existing = await accounts.findByEmail(input.email);
      if (existing?.emailVerified)
        throw new AppError('EMAIL_ALREADY_EXISTS', AUTH_MESSAGES.emailAlreadyExists);
      if (existing) throw new AppError('EMAIL_NOT_CONFIRMED', AUTH_MESSAGES.emailNotConfirmed);
      assertNotCommonPassword(input.password);

      const created = await callAuth(() =>
        auth.api.signUpEmail({
          body: {
            name: input.fullName,
            email: input.email,
            password: input.password,
            timezone: input.timezone ?? 'UTC',
            callbackURL: '/dashboard',
          },
          headers,
        }),
      );
      const intent = input.plan === 'premium' ? 'premium' : null;
      let intentSaved = true;
      try {
        await accounts.upsertSubscriptionIntent(created.user.id, intent, input.billingCycle);
      } catch {
        intentSaved = intent === null;
      }
      return { status: 'verification_sent', email: input.email, intentSaved };
    },

    /** Same answer whether or not the address has an unconfirmed account (no enumeration). */
    async resendVerification(email: string, headers: Headers): Promise<void> {
      const user = await accounts.findByEmail(email);
      if (!user || user.emailVerified) return;
      await callAuth(() =>
        auth.api.sendVerificationEmail({ body: { email, callbackURL: '/dashboard' }, headers }),
      );
    },

    loginStatus: (email: string): Promise<LoginStatus> => lockout.status(email),

    async signIn(input: z.output<typeof SignInInput>, headers: Headers): Promise<WithCookies<SessionUser>> {
      const email = normalizeEmail(input.email);
      const userAgent = headers.get('user-agent');
      const before = await lockout.status(email);
      if (before.isLockedOut) {
        throw new AppError(
          'ACCOUNT_LOCKED',
          AUTH_MESSAGES.lockedOut(before.lockedForMinutes ?? 15),
          undefined,
          {
            loginStatus: before,
          },
        );
      }
      try {
        const { headers: responseHeaders, response } = await auth.api.signInEmail({
          body: { email, password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        });
        await lockout.recordSuccess(email, userAgent);
        const user = await accounts.findById(response.user.id);
        return { result: toSessionUser(user!), setCookies: responseHeaders.getSetCookie() };
      } catch (error) {
        const translated = translateAuthError(error);
        if (!(translated instanceof AppError) || translated.code !== 'INVALID_CREDENTIALS') throw translated;
        const after = await lockout.recordFailure(email, userAgent);
        if (after.isLockedOut) {
          throw new AppError(
            'ACCOUNT_LOCKED',
            AUTH_MESSAGES.lockedOut(after.lockedForMinutes ?? 15),
            undefined,
            {
              loginStatus: after,
            },
          );
        }
        throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials, undefined, {
          loginStatus: after,
        });
      }
    },

    async signOut(headers: Headers): Promise<string[]> {
      const { headers: responseHeaders } = await callAuth(() =>
        auth.api.signOut({ headers, returnHeaders: true }),
      );
      return responseHeaders.getSetCookie();
    },

    /**
     * The signed-in user and session. The common case is one query (session joined to user); when the session
     * is due for its daily sliding refresh, or anything is unusual, better-auth handles it and sets the cookie.
     */
    async session(headers: Headers): Promise<WithCookies<{ user: SessionUser; sessionId: string } | null>> {
      const token = readSessionToken(headers.get('cookie'), deps.authSecret);
      if (!token) return { result: null, setCookies: [] };
      const now = deps.clock.now();
      const live = await accounts.findLiveSession(token, now);
      if (!live || live.isBanned) return { result: null, setCookies: [] };
      const isRefreshDue =
        live.expiresAt.getTime() - SESSION_LIFETIME_MS + SESSION_REFRESH_MS <= now.getTime();
      if (!isRefreshDue) return { result: { user: live.user, sessionId: live.sessionId }, setCookies: [] };

      const { headers: responseHeaders, response } = await auth.api.getSession({
        headers,
        returnHeaders: true,
      });
      const setCookies = responseHeaders.getSetCookie();
      if (!response) return { result: null, setCookies };
      return { result: { user: live.user, sessionId: response.session.id }, setCookies };
    },

    /** Always answers the same; the mail goes out only when the account exists. */
    async forgotPassword(email: string, headers: Headers): Promise<void> {
      await callAuth(() =>
        auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' }, headers }),
      );
    },

    async resetPassword(input: z.output<typeof ResetPasswordInput>, headers: Headers): Promise<void> {
      assertNotCommonPassword(input.password);
      await callAuth(() =>
        auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers }),
      );
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
