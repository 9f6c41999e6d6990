import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts, loginLockouts } from '../../db/schema/index.ts';

export function createLockoutRepository(db: Db) {
  return {
    async lockedUntil(email: string): Promise<Date | null> {
      const [row] = await db.select().from(loginLockouts).where(eq(loginLockouts.email, email));
      return row?.lockedUntil ?? null;
    },

    async failuresSince(email: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.email, email),
            eq(loginAttempts.succeeded, false),
            gt(loginAttempts.attemptedAt, since),
          ),
        );
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

    /** A success or a password reset: earlier failures stop counting. */
    async forgetFailures(email: string) {
      await db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
    },

    async lock(email: string, until: Date) {
      await db
        .insert(loginLockouts)
        .values({ email, lockedUntil: until })
        .onConflictDoUpdate({ target: loginLockouts.email, set: { lockedUntil: until } });
    },

    async unlock(email: string) {
      await db.delete(loginLockouts).where(eq(loginLockouts.email, email));
    },
  };
}
