/*
 * A person's own two-step settings (ADR 075): the status, setting it up with the password again and confirming it
 * by a code, turning it off, and new recovery codes. Secrets are sealed and recovery codes kept as keyed hashes
 * (infra/crypto/two-factor-secrets.ts); the owner is told by e-mail of each change.
 */
import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  base32Encode,
  normalizeRecoveryCode,
  otpauthUri,
  recoveryCodeFrom,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  type TwoFactorCode,
  type TwoFactorEnabled,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@daybook/shared';
import { matchTotp, newTotpSecret } from '../../infra/auth/totp.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { twoFactorDisabledMail, twoFactorEnabledMail } from '../../infra/mail/templates.ts';
import { AppError } from '../../lib/errors.ts';
import type { TwoFactorContext } from './two-factor-context.ts';
import { createTwoFactorRepository } from './two-factor-repository.ts';

export function createTwoFactorSetup(
  ctx: TwoFactorContext,
  checkSecondStep: (userId: string, input: TwoFactorCode) => Promise<void>,
) {
  const { db, clock, secrets, accounts, verifyPassword, appUrl, repository, requireUser } = ctx;

  const newRecoveryCodes = () =>
    Array.from({ length: TWO_FACTOR.recoveryCodeCount }, () => recoveryCodeFrom(randomBytes(10)));
  const hashesOf = (userId: string, codes: string[]) =>
    codes.map((code) => secrets.recoveryCodeHash(userId, normalizeRecoveryCode(code)!));

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
      if (!hash || !(await verifyPassword({ hash, password }))) {
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
        const mail = twoFactorEnabledMail(user.name, now, `${appUrl}/profile#two-step`, {
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
        const mail = twoFactorDisabledMail(user.name, now, `${appUrl}/profile#two-step`);
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
  };
}
