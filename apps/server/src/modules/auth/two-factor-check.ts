/*
 * The second step's check (ADR 075), from a sign-in or from turning it off or replacing the recovery codes: a code
 * from the app or a recovery code, counted per account against the code lock before it is checked (5 wrong codes
 * within 15 minutes lock the code step for 15 minutes). Apart because both the sign-in and the settings hold a
 * person to it.
 */
import { TWO_FACTOR, TWO_FACTOR_MESSAGES, type TwoFactorAttempts, type TwoFactorCode } from '@daybook/shared';
import { matchTotp } from '../../infra/auth/totp.ts';
import { AppError } from '../../lib/errors.ts';
import { MINUTE_MS, type TwoFactorContext } from './two-factor-context.ts';

const WINDOW_MS = TWO_FACTOR.windowMinutes * MINUTE_MS;
const LOCK_MS = TWO_FACTOR.lockoutDurationMinutes * MINUTE_MS;

function lockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE_MS));
  const attempts: TwoFactorAttempts = { isLockedOut: true, remainingAttempts: 0, lockedForMinutes: minutes };
  return new AppError('TWO_FACTOR_LOCKED', TWO_FACTOR_MESSAGES.lockedOut(minutes), undefined, {
    twoFactorAttempts: attempts,
  });
}

export function createTwoFactorCheck(ctx: TwoFactorContext) {
  const { clock, secrets, repository } = ctx;

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

  return { checkSecondStep };
}
