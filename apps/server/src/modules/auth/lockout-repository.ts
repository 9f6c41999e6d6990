import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts, loginLockouts } from '../../db/schema/index.ts';

export function createLockoutRepository(db: Db) {
  return {
    async lockedUntil(email: string): Promise<Date | null> {
      const [row] = await db.select().from(loginLockouts).where(eq(loginLockouts.email, email));
      return row?.lockedUntil ?? null;
    },

    /** Failures since `since` that came after the last success (a success resets the count). */
    async failuresSince(email: string, since: Date): Promise<number> {
      const [lastSuccess] = await db
        .select({ at: loginAttempts.attemptedAt })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true), gt(loginAttempts.attemptedAt, since)))
        .orderBy(desc(loginAttempts.attemptedAt))
        .limit(1);
      const from = lastSuccess?.at ?? since;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.attemptedAt, from)));
      return row?.n ?? 0;
    },

    async record(attempt: { email: string; succeeded: boolean; at: Date; userAgent: string | null }) {
      await db.insert(loginAttempts).values({
        email: attempt.email,
        succeeded: attempt.succeeded,
        attemptedAt: attempt.at,
        userAgent: attempt.userAgent?.slice(0, 300) ?? null,
      });
    },

    async lock(email: string, until: Date) {
      await db
        .insert(loginLockouts)
        .values({ email, lockedUntil: until })
        .onConflictDoUpdate({ target: loginLockouts.email, set: { lockedUntil: until } });
    },

    /** A successful password reset: the lock lifts and earlier failures stop counting. */
    async clear(email: string, at: Date) {
      await db.delete(loginLockouts).where(eq(loginLockouts.email, email));
      await db.insert(loginAttempts).values({ email, succeeded: true, attemptedAt: at, userAgent: 'password-reset' });
    },
  };
}
