import { LOCKOUT, type LoginStatus, normalizeEmail } from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createLockoutRepository, type LockoutRow } from './lockout-repository.ts';

const MINUTE_MS = 60_000;
const WINDOW_MS = LOCKOUT.windowMinutes * MINUTE_MS;
const LOCK_MS = LOCKOUT.lockoutDurationMinutes * MINUTE_MS;
const BASE = { maxAttempts: LOCKOUT.maxAttempts, lockoutDurationMinutes: LOCKOUT.lockoutDurationMinutes };

/** A reserved password check: the caller must settle it with exactly one of these. */
export type Reservation = {
  /** The password was right: the count resets (spec). */
  succeeded(userAgent: string | null): Promise<void>;
  /** The password was wrong: it stays counted; the window's last allowed failure locks the e-mail. */
  failed(userAgent: string | null): Promise<LoginStatus>;
  /** The check ended otherwise (unverified e-mail, disabled account, an error): it does not count. */
  release(): Promise<void>;
};

/**
 * The spec's login lockout, counted server-side per normalised e-mail: 5 failures within 15 minutes (from the
 * window's first attempt) lock that e-mail for 15 minutes; a success resets the count; a password reset clears
 * the lock. Each password check is reserved first in one atomic statement, so of any number of parallel
 * guesses at most 5 reach the password check (ADR 014).
 */
export function createLockoutService(repository: ReturnType<typeof createLockoutRepository>, clock: Clock) {
  function describe(row: LockoutRow | null, now: Date): LoginStatus {
    if (row?.lockedUntil && row.lockedUntil > now) return locked(row.lockedUntil, now);
    const isCurrent = row && !row.lockedUntil && row.windowStartedAt.getTime() > now.getTime() - WINDOW_MS;
    const failedAttempts = isCurrent ? Math.min(row.attempts, LOCKOUT.maxAttempts) : 0;
    return {
      ...BASE,
      isLockedOut: false,
      failedAttempts,
      remainingAttempts: LOCKOUT.maxAttempts - failedAttempts,
    };
  }

  function locked(until: Date, now: Date): LoginStatus {
    return {
      ...BASE,
      isLockedOut: true,
      failedAttempts: LOCKOUT.maxAttempts,
      remainingAttempts: 0,
      lockedForMinutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE_MS)),
    };
  }

  return {
    async status(rawEmail: string): Promise<LoginStatus> {
      const email = normalizeEmail(rawEmail);
      return describe(await repository.find(email), clock.now());
    },

    /**
     * Reserves one password check for this e-mail. Answers the lockout status instead when the e-mail is locked
     * or every allowed check of the window is taken (some may still be running: they count as failures until
     * they settle).
     */
    async reserve(rawEmail: string): Promise<{ refused: LoginStatus } | { reservation: Reservation }> {
      const email = normalizeEmail(rawEmail);
      const now = clock.now();
      const row = await repository.reserve(
        email,
        now,
        new Date(now.getTime() - WINDOW_MS),
        LOCKOUT.maxAttempts,
      );
      if (row.lockedUntil && row.lockedUntil > now) return { refused: locked(row.lockedUntil, now) };
      if (row.attempts > LOCKOUT.maxAttempts)
        return { refused: locked(new Date(now.getTime() + LOCK_MS), now) };
      return {
        reservation: {
          async succeeded(userAgent) {
            await repository.clear(email);
            await repository.record({ email, succeeded: true, at: clock.now(), userAgent });
          },
          async failed(userAgent) {
            const at = clock.now();
            await repository.record({ email, succeeded: false, at, userAgent });
            await repository.lockIfExhausted(email, LOCKOUT.maxAttempts, new Date(at.getTime() + LOCK_MS));
            return describe(await repository.find(email), at);
          },
          release: () => repository.release(email),
        },
      };
    },

    /** After a password reset: the lock lifts and earlier failures no longer count. */
    async clear(rawEmail: string): Promise<void> {
      await repository.clear(normalizeEmail(rawEmail));
    },
  };
}

export type LockoutService = ReturnType<typeof createLockoutService>;

/** For callers without services.ts's wiring (the admin module): the service over its own repository. */
export function createLockoutServiceFor(db: Db, clock: Clock) {
  return createLockoutService(createLockoutRepository(db), clock);
}
