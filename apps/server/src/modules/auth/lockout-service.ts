import { LOCKOUT, type LoginStatus, normalizeEmail } from '@daybook/shared';
import type { Clock } from '../../lib/clock.ts';
import type { createLockoutRepository } from './lockout-repository.ts';

const MINUTE_MS = 60_000;

/**
 * The spec's login lockout, counted server-side per normalised e-mail: 5 failures within 15 minutes lock
 * that e-mail for 15 minutes; a success resets the count; a password reset clears the lock.
 */
export function createLockoutService(repository: ReturnType<typeof createLockoutRepository>, clock: Clock) {
  async function status(rawEmail: string): Promise<LoginStatus> {
    const email = normalizeEmail(rawEmail);
    const now = clock.now();
    const lockedUntil = await repository.lockedUntil(email);
    const base = { maxAttempts: LOCKOUT.maxAttempts, lockoutDurationMinutes: LOCKOUT.lockoutDurationMinutes };
    if (lockedUntil && lockedUntil > now) {
      return {
        ...base,
        isLockedOut: true,
        failedAttempts: LOCKOUT.maxAttempts,
        remainingAttempts: 0,
        lockedForMinutes: Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE_MS),
      };
    }
    // Failures from before a lock that has run out no longer count.
    const windowStart = new Date(now.getTime() - LOCKOUT.windowMinutes * MINUTE_MS);
    const since = lockedUntil && lockedUntil > windowStart ? lockedUntil : windowStart;
    const failedAttempts = await repository.failuresSince(email, since);
    return {
      ...base,
      isLockedOut: false,
      failedAttempts,
      remainingAttempts: Math.max(0, LOCKOUT.maxAttempts - failedAttempts),
    };
  }

  return {
    status,

    async recordFailure(rawEmail: string, userAgent: string | null): Promise<LoginStatus> {
      const email = normalizeEmail(rawEmail);
      const now = clock.now();
      await repository.record({ email, succeeded: false, at: now, userAgent });
      const after = await status(email);
      if (after.remainingAttempts === 0 && !after.isLockedOut) {
        await repository.lock(email, new Date(now.getTime() + LOCKOUT.lockoutDurationMinutes * MINUTE_MS));
        return status(email);
      }
      return after;
    },

    /** The count resets on success; the row stays as sign-in history. */
    async recordSuccess(rawEmail: string, userAgent: string | null): Promise<void> {
      const email = normalizeEmail(rawEmail);
      await repository.forgetFailures(email);
      await repository.record({ email, succeeded: true, at: clock.now(), userAgent });
    },

    /** After a password reset: the lock lifts and earlier failures no longer count. */
    async clear(rawEmail: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      await repository.unlock(email);
      await repository.forgetFailures(email);
    },
  };
}

export type LockoutService = ReturnType<typeof createLockoutService>;
