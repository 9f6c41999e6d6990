import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts, loginLockouts } from '../../db/schema/index.ts';

export type LockoutRow = { attempts: number; windowStartedAt: Date; lockedUntil: Date | null };

export function createLockoutRepository(db: Db) {
  const t = loginLockouts;
  return {
    async find(email: string): Promise<LockoutRow | null> {
      const [row] = await db
        .select({ attempts: t.attempts, windowStartedAt: t.windowStartedAt, lockedUntil: t.lockedUntil })
        .from(t)
        .where(eq(t.email, email));
      return row ?? null;
    },

    /**
     * Reserves one password check in a single statement, so that parallel requests are serialised by the
     * row lock of the upsert: while the e-mail is locked nothing changes; a window that has run out (or a lock
     * that has) starts again at 1; otherwise the count goes up by one (capped just above `max`, enough to
     * tell "over the limit"). The caller may check the password only if the returned count is ≤ `max` and
     * the row is not locked.
     */
    async reserve(email: string, now: Date, windowStart: Date, max: number): Promise<LockoutRow> {
      const isLocked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${now})`;
      const isStale = sql`(${t.windowStartedAt} <= ${windowStart} or ${t.lockedUntil} is not null)`;
      const [row] = await db
        .insert(t)
        .values({ email, attempts: 1, windowStartedAt: now, lockedUntil: null })
        .onConflictDoUpdate({
          target: t.email,
          set: {
            attempts: sql`case when ${isLocked} then ${t.attempts} when ${isStale} then 1
              else least(${t.attempts} + 1, ${max + 1}::int) end`,
            windowStartedAt: sql`case when ${isLocked} then ${t.windowStartedAt} when ${isStale} then ${now}::timestamptz
              else ${t.windowStartedAt} end`,
            lockedUntil: sql`case when ${isLocked} then ${t.lockedUntil} else null end`,
          },
        })
        .returning({ attempts: t.attempts, windowStartedAt: t.windowStartedAt, lockedUntil: t.lockedUntil });
      return row!;
    },

    /** A reserved check that ended in a wrong password: lock once the window holds `max` of them. */
    async lockIfExhausted(email: string, max: number, until: Date): Promise<void> {
      await db
        .update(t)
        .set({ lockedUntil: until })
        .where(and(eq(t.email, email), sql`${t.attempts} >= ${max}::int`, sql`${t.lockedUntil} is null`));
    },

    /** A reserved check that ended neither right nor wrong (unverified e-mail, an error): give it back. */
    async release(email: string): Promise<void> {
      await db
        .update(t)
        .set({ attempts: sql`greatest(${t.attempts} - 1, 0)` })
        .where(and(eq(t.email, email), sql`${t.lockedUntil} is null`));
    },

    /** A success or a password reset: the count and any lock are gone. */
    async clear(email: string): Promise<void> {
      await db.delete(t).where(eq(t.email, email));
    },

    /** Sign-in history (spec: track-login-attempts); the lockout itself is counted in `login_lockouts`. */
    async record(attempt: { email: string; succeeded: boolean; at: Date; userAgent: string | null }) {
      await db.insert(loginAttempts).values({
        email: attempt.email,
        succeeded: attempt.succeeded,
        attemptedAt: attempt.at,
        userAgent: attempt.userAgent?.slice(0, 300) ?? null,
      });
    },
  };
}
