import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  base32Encode,
  normalizeRecoveryCode,
  otpauthUri,
  recoveryCodeFrom,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  type TwoFactorAttempts,
  type TwoFactorCode,
  type TwoFactorEnabled,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { PasswordVerifier } from '../../infra/auth/passwords.ts';
import { sessionCookieValue } from '../../infra/auth/session-cookie.ts';
import { matchTotp, newTotpSecret } from '../../infra/auth/totp.ts';
import type { TwoFactorSecrets } from '../../infra/crypto/two-factor-secrets.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { twoFactorDisabledMail, twoFactorEnabledMail } from '../../infra/mail/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountService } from '../account/service.ts';
import { createTwoFactorRepository } from './two-factor-repository.ts';

/** The pending sign-in's cookie: HttpOnly, sent only to the sign-in API, gone after the code step. */
export const TWO_FACTOR_COOKIE = 'daybook.two_factor';
const CHALLENGE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const MINUTE_MS = 60_000;
const WINDOW_MS = TWO_FACTOR.windowMinutes * MINUTE_MS;
const LOCK_MS = TWO_FACTOR.lockoutDurationMinutes * MINUTE_MS;
const CHALLENGE_MS = TWO_FACTOR.challengeMinutes * MINUTE_MS;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What the second step reads of accounts (the account module's service, handed in by services.ts). */
export type TwoFactorAccounts = Pick<
  AccountService,
  'findById' | 'credentialPasswordOf' | 'revokeOtherSessions'
>;

function lockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE_MS));
  const attempts: TwoFactorAttempts = { isLockedOut: true, remainingAttempts: 0, lockedForMinutes: minutes };
  return new AppError('TWO_FACTOR_LOCKED', TWO_FACTOR_MESSAGES.lockedOut(minutes), undefined, {
    twoFactorAttempts: attempts,
  });
}

/**
 * Two-step sign-in (RFC 6238, ADR 075): set-up confirmed by a code, ten single-use recovery codes, turning it off
 * with a code, and the second step of a sign-in with its own lockout (5 wrong codes within 15 minutes lock the
 * code step for 15 minutes, counted per account before each check). Secrets are sealed and recovery codes kept as
 * keyed hashes (infra/crypto/two-factor-secrets.ts); the pending sign-in is a hashed, single-use token.
 */
export function createTwoFactorService(deps: {
  db: Db;
  clock: Clock;
  secrets: TwoFactorSecrets;
  accounts: TwoFactorAccounts;
  verifyPassword: PasswordVerifier;
  appUrl: string;
  secureCookies: boolean;
}) {
  const { db, clock, secrets, accounts } = deps;
  const repository = createTwoFactorRepository(db);

  const newRecoveryCodes = () =>
    Array.from({ length: TWO_FACTOR.recoveryCodeCount }, () => recoveryCodeFrom(randomBytes(10)));
  const hashesOf = (userId: string, codes: string[]) =>
    codes.map((code) => secrets.recoveryCodeHash(userId, normalizeRecoveryCode(code)!));

  async function requireUser(userId: string) {
    const user = await accounts.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notAuthenticated);
    return user;
  }

  /** Whether the code (normalised) is one of this step window's, and not used before. */
  async function checkTotp(
    userId: string,
    sealed: string,
    code: string,
    now: Date,
  ): Promise<'right' | 'wrong' | 'reused'> {
    const step = matchTotp(secrets.open(userId, sealed), code, now);
    if (step === null) return 'wrong';
    return (await repository.useStep(userId, step)) ? 'right' : 'reused';
  }

  /**
   * A second step, from sign-in or from turning it off: counted against the code lock before it is checked, so
   * parallel guesses cannot overtake the count. Throws the lock, or a wrong code with the attempts left.
   */
  async function checkSecondStep(userId: string, input: TwoFactorCode): Promise<void> {
    const now = clock.now();
    const row = await repository.find(userId);
    if (!row?.enabledAt) throw new AppError('TWO_FACTOR_NOT_ENABLED', TWO_FACTOR_MESSAGES.notEnabled);
    const reserved = await repository.reserveCheck(
      userId,
      now,
      new Date(now.getTime() - WINDOW_MS),
      TWO_FACTOR.maxAttempts,
    );
    if (reserved.lockedUntil && reserved.lockedUntil > now) throw lockedError(reserved.lockedUntil, now);
    if (reserved.attempts > TWO_FACTOR.maxAttempts) throw lockedError(new Date(now.getTime() + LOCK_MS), now);

    let outcome: 'right' | 'wrong' | 'reused';
    try {
      outcome = input.code
        ? await checkTotp(userId, row.secretSealed, input.code, now)
        : (await repository.useRecoveryCode(userId, secrets.recoveryCodeHash(userId, input.recoveryCode!)))
          ? 'right'
          : 'wrong';
    } catch (error) {
      await repository.releaseCheck(userId);
      throw error;
    }
    if (outcome === 'right') {
      await repository.clearLock(userId);
      return;
    }
    await repository.lockIfExhausted(userId, TWO_FACTOR.maxAttempts, new Date(now.getTime() + LOCK_MS));
    const after = await repository.findLock(userId);
    if (after?.lockedUntil && after.lockedUntil > now) throw lockedError(after.lockedUntil, now);
    const remaining = Math.max(0, TWO_FACTOR.maxAttempts - (after?.attempts ?? 0));
    const attempts: TwoFactorAttempts = { isLockedOut: false, remainingAttempts: remaining };
    const message = input.recoveryCode
      ? TWO_FACTOR_MESSAGES.recoveryCodeWrong
      : outcome === 'reused'
        ? TWO_FACTOR_MESSAGES.codeReused
        : TWO_FACTOR_MESSAGES.codeWrong;
    throw new AppError(
      'TWO_FACTOR_CODE_INVALID',
      message,
      { [input.recoveryCode ? 'recoveryCode' : 'code']: message },
      { twoFactorAttempts: attempts },
    );
  }

  const challengeCookie = (token: string, maxAgeSeconds: number) =>
    `${TWO_FACTOR_COOKIE}=${token}; Path=/api/auth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${deps.secureCookies ? '; Secure' : ''}`;

  const challengeTokenOf = (cookieHeader: string | null) => {
    const token = sessionCookieValue(cookieHeader, TWO_FACTOR_COOKIE);
    return token && CHALLENGE_TOKEN.test(token) ? token : null;
  };

  return {
    async isEnabled(userId: string): Promise<boolean> {
      return Boolean((await repository.find(userId))?.enabledAt);
    },

    async status(userId: string): Promise<TwoFactorStatus> {
      const row = await repository.find(userId);
      if (!row?.enabledAt) return { isEnabled: false, enabledAt: null, recoveryCodesLeft: 0 };
      return {
        isEnabled: true,
        enabledAt: row.enabledAt.toISOString(),
        recoveryCodesLeft: await repository.countRecoveryCodes(userId),
      };
    },

    /** Needs the password again; a new secret waits for its first code (an earlier unconfirmed one is replaced). */
    async startSetup(userId: string, password: string): Promise<TwoFactorSetup> {
      const user = await requireUser(userId);
      const hash = await accounts.credentialPasswordOf(userId);
      if (!hash || !(await deps.verifyPassword({ hash, password }))) {
        throw new AppError('CURRENT_PASSWORD_INCORRECT', AUTH_MESSAGES.currentPasswordWrong, {
          password: AUTH_MESSAGES.currentPasswordWrong,
        });
      }
      const secret = newTotpSecret();
      if (!(await repository.savePending(userId, secrets.seal(userId, secret), clock.now()))) {
        throw new AppError('TWO_FACTOR_ALREADY_ENABLED', TWO_FACTOR_MESSAGES.alreadyEnabled);
      }
      const text = base32Encode(secret);
      return { secret: text, otpauthUri: otpauthUri({ account: user.email, secret: text }) };
    },

    /**
     * A code from the app confirms the set-up: it is on from here, the ten recovery codes are made (shown this
     * once), the owner is told by e-mail, and the other sessions end unless the person keeps them.
     */
    async enable(
      userId: string,
      currentSessionId: string,
      input: { code: string; signOutOtherSessions: boolean },
    ): Promise<TwoFactorEnabled> {
      const user = await requireUser(userId);
      const row = await repository.find(userId);
      if (row?.enabledAt)
        throw new AppError('TWO_FACTOR_ALREADY_ENABLED', TWO_FACTOR_MESSAGES.alreadyEnabled);
      if (!row) throw new AppError('TWO_FACTOR_SETUP_MISSING', TWO_FACTOR_MESSAGES.setupMissing);
      const now = clock.now();
      const step = matchTotp(secrets.open(userId, row.secretSealed), input.code, now);
      if (step === null) {
        throw new AppError('TWO_FACTOR_CODE_INVALID', TWO_FACTOR_MESSAGES.codeWrong, {
          code: TWO_FACTOR_MESSAGES.codeWrong,
        });
      }
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const inTx = createTwoFactorRepository(tx);
        if (!(await inTx.enable(userId, step, now))) {
          throw new AppError('TWO_FACTOR_ALREADY_ENABLED', TWO_FACTOR_MESSAGES.alreadyEnabled);
        }
        await inTx.replaceRecoveryCodes(userId, hashesOf(userId, codes), now);
        await inTx.clearLock(userId);
        const mail = twoFactorEnabledMail(user.name, now, `${deps.appUrl}/profile#two-step`, {
          otherSessionsEnded: input.signOutOtherSessions,
        });
        await enqueueMail(tx, { ...mail, to: user.email }, now);
      });
      const revokedSessions = input.signOutOtherSessions
        ? await accounts.revokeOtherSessions(userId, currentSessionId)
        : 0;
      return { recoveryCodes: codes, revokedSessions };
    },

    /** Needs a code from the app or a recovery code (counted against the code lock); the owner is told. */
    async disable(userId: string, input: TwoFactorCode): Promise<void> {
      const user = await requireUser(userId);
      await checkSecondStep(userId, input);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await createTwoFactorRepository(tx).remove(userId))) {
          throw new AppError('TWO_FACTOR_NOT_ENABLED', TWO_FACTOR_MESSAGES.notEnabled);
        }
        const mail = twoFactorDisabledMail(user.name, now, `${deps.appUrl}/profile#two-step`);
        await enqueueMail(tx, { ...mail, to: user.email }, now);
      });
    },

    /**
     * New recovery codes, shown once like the first set: needs a code from the app or a recovery code (counted
     * against the code lock, as turning it off is). The old codes stop working in the same transaction.
     */
    async replaceRecoveryCodes(userId: string, input: TwoFactorCode): Promise<TwoFactorRecoveryCodes> {
      await requireUser(userId);
      await checkSecondStep(userId, input);
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const inTx = createTwoFactorRepository(tx);
        // Turned off by a parallel request since the code was checked: no codes for an account without it.
        if (!(await inTx.find(userId))?.enabledAt)
          throw new AppError('TWO_FACTOR_NOT_ENABLED', TWO_FACTOR_MESSAGES.notEnabled);
        await inTx.replaceRecoveryCodes(userId, hashesOf(userId, codes), clock.now());
      });
      return { recoveryCodes: codes };
    },

    checkSecondStep,

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

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/**
 * The operator's way out for someone who lost both the app and every recovery code (`npm run admin -- two-step-off`):
 * two-step sign-in is turned off in the caller's transaction (with its audit row), and the owner is told by the
 * same e-mail as a turn-off from the profile. Answers whether it was on.
 */
export async function turnOffTwoFactorByOperator(
  tx: Executor,
  user: { id: string; name: string; email: string },
  now: Date,
  appUrl: string,
): Promise<boolean> {
  if (!(await createTwoFactorRepository(tx).remove(user.id))) return false;
  await createTwoFactorRepository(tx).clearLock(user.id);
  const mail = twoFactorDisabledMail(user.name, now, `${appUrl}/profile#two-step`);
  await enqueueMail(tx, { ...mail, to: user.email }, now);
  return true;
}
