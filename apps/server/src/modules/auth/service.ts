import {
  AUTH_MESSAGES,
  AUTH_TIMINGS,
  describeUserAgent,
  type LoginStatus,
  normalizeEmail,
  PASSKEY_MESSAGES,
  type PasskeyAuthenticationResponse,
  type RegisterInput,
  type RegisterResponse,
  type ResetPasswordInput,
  type SessionUser,
  type SignInInput,
  type SignInResponse,
  TWO_FACTOR_MESSAGES,
  type TwoFactorCode,
} from '@daybook/shared';
import { verifyJWT } from 'better-auth/crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../../infra/auth/better-auth.ts';
import { callAuth, translateAuthError, type WithCookies } from '../../infra/auth/better-auth-errors.ts';
import { assertNotCommonPassword, type PasswordVerifier } from '../../infra/auth/passwords.ts';
import { type CachedSession, type SessionCache, sessionCacheKey } from '../../infra/auth/session-cache.ts';
import {
  readSessionToken,
  sessionCookieValue,
  verifiedSessionToken,
} from '../../infra/auth/session-cookie.ts';
import { hashSessionToken } from '../../infra/auth/session-tokens.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { newSignInMail } from '../../infra/mail/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountDirectory, UserRow } from '../account/service.ts';
import { createKnownBrowsersRepository } from './browsers-repository.ts';
import { knownBrowser } from './known-browser.ts';
import type { LockoutService } from './lockout-service.ts';
import type { PasskeyService } from './passkey-service.ts';
import { createRegistrationBrowser } from './registration-browser.ts';
import type { TwoFactorService } from './two-factor-service.ts';

type BackgroundLog = { error(details: object, message: string): void };

/**
 * Work that must not delay an answer (it would reveal whether an address exists): started after the current
 * request's handler has returned, its failures logged, and awaited on shutdown.
 */
function createBackgroundWork(log: BackgroundLog) {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, work: () => Promise<unknown>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, `background ${label} failed`),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

export type ConfirmationOutcome =
  | { kind: 'pass' }
  | { kind: 'confirmed'; email: string | null }
  | { kind: 'signed-in'; setCookies: string[] };

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

function lockedError(status: LoginStatus): AppError {
  return new AppError('ACCOUNT_LOCKED', AUTH_MESSAGES.lockedOut(status.lockedForMinutes ?? 15), undefined, {
    loginStatus: status,
  });
}

export function createAuthService(deps: {
  auth: Auth;
  authSecret: string;
  sessionCookieName: string;
  accounts: AccountDirectory;
  lockout: LockoutService;
  clock: Clock;
  log: BackgroundLog;
  /** Cookies we set ourselves carry `Secure` when APP_URL is https. */
  secureCookies: boolean;
  /** Where a new browser's sign-in is recorded and told by e-mail (ADR 073). */
  db: Db;
  appUrl: string;
  /** Two-step sign-in (ADR 075): whose sign-in asks for a code, the pending state between, the code check. */
  twoFactor: TwoFactorService;
  /** Passkeys (ADR 080): the check of a passkey sign-in's answer. */
  passkeys: PasskeyService;
  /** The password check of a two-step sign-in, made here so that the password step creates no session. */
  verifyPassword: PasswordVerifier;
  /** After a sign-out: the live streams of that session close at once (modules/events). */
  onSessionEnded?: (sessionId: string) => Promise<void>;
  /**
   * Recently seen sessions (ADR 047), trusted only while this instance hears revocations; `listen` starts hearing
   * them (called on the first lookup, so an instance that serves no signed-in request holds no extra connection).
   */
  sessionCache?: { cache: SessionCache; listen(): void };
}) {
  const { auth, accounts, lockout } = deps;
  const cache = deps.sessionCache?.cache;

  /**
   * The live session of a signed cookie value: from this instance's cache when it holds a fresh answer (then the
   * signature was checked when it was stored, and is not checked again), else the signature is checked and one
   * round trip (session joined to user) answers, cached unless a revocation was heard while it was on its way.
   */
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

  const background = createBackgroundWork(deps.log);
  const verificationValues = async () => (await auth.$context).internalAdapter;
  const registrationBrowser = createRegistrationBrowser({
    secure: deps.secureCookies,
    clock: deps.clock,
    proofs: {
      async save(identifier, userId, expiresAt) {
        await (await verificationValues()).createVerificationValue({ identifier, value: userId, expiresAt });
      },
      async find(identifier) {
        const found = await (await verificationValues()).findVerificationValue(identifier);
        return found && found.expiresAt.getTime() > deps.clock.now().getTime() ? found.value : null;
      },
      consume: async (identifier) =>
        (await (await verificationValues()).consumeVerificationValue(identifier)) !== null,
    },
  });

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
    /** docs/product/accounts.md#accounts-registration registration outcomes; the verification mail is queued by better-auth's hook. */
    async register(
      input: z.output<typeof RegisterInput>,
      headers: Headers,
    ): Promise<WithCookies<RegisterResponse>> {
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
      return {
        result: { status: 'verification_sent', email: input.email, intentSaved },
        // This browser, and only it, is signed in by the verification link.
        setCookies: [await registrationBrowser.issue(created.user.id)],
      };
    },

    /**
     * Answers at once, the same whether or not the address has an unconfirmed account: the lookup and the mail
     * happen in the background, so neither the answer nor its timing tells whether the address exists.
     */
    resendVerification(email: string, headers: Headers): void {
      background.run('resend verification e-mail', async () => {
        const user = await accounts.findByEmail(email);
        if (!user || user.emailVerified) return;
        await callAuth(() =>
          auth.api.sendVerificationEmail({ body: { email, callbackURL: '/dashboard' }, headers }),
        );
      });
    },

    /**
     * After better-auth accepted a verification link: sign in only the browser that registered this user.
     * `pass` means the link was no first confirmation (an e-mail change) and better-auth's answer stands.
     */
    async afterEmailConfirmed(token: string, headers: Headers): Promise<ConfirmationOutcome> {
      const payload = await verifyJWT(token, deps.authSecret);
      if (!payload || payload.updateTo) return { kind: 'pass' };
      const email = typeof payload.email === 'string' ? payload.email : null;
      const userId =
        typeof payload.userId === 'string'
          ? payload.userId
          : email
            ? (await accounts.findByEmail(email))?.id
            : undefined;
      if (!userId || !(await registrationBrowser.claim(headers.get('cookie'), userId))) {
        return { kind: 'confirmed', email };
      }
      const { headers: responseHeaders } = await callAuth(() =>
        auth.api.signInVerifiedUser({ body: { userId }, returnHeaders: true }),
      );
      return {
        kind: 'signed-in',
        setCookies: [...responseHeaders.getSetCookie(), registrationBrowser.clear()],
      };
    },

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

    /** Always answers the same and at once; the mail goes out, in the background, only when the account exists. */
    forgotPassword(email: string, headers: Headers): void {
      background.run('password reset e-mail', () =>
        callAuth(() =>
          auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' }, headers }),
        ),
      );
    },

    /** Waits for background work still running (on shutdown, so no queued mail is lost). */
    settle: () => background.settle(),

    async resetPassword(input: z.output<typeof ResetPasswordInput>, headers: Headers): Promise<void> {
      assertNotCommonPassword(input.password);
      await callAuth(() =>
        auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers }),
      );
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
