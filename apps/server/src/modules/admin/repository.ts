import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema/index.ts';

/** The operator's writes that no user-facing flow makes (the rest reuse the account repository). */
export function createAdminRepository(db: Db) {
  return {
    /** The user's id and whether the address was confirmed before this call; null when there is no such user. */
    async confirmEmail(email: string, now: Date) {
      const [before] = await db
        .select({ id: users.id, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.email, email));
      if (!before) return null;
      if (!before.emailVerified) {
        await db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, before.id));
      }
      return { id: before.id, wasConfirmed: before.emailVerified };
    },

    /** Replaces (or creates) the e-mail credential and ends every session, in one transaction. */
    async replacePassword(userId: string, passwordHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(accounts)
          .set({ password: passwordHash, updatedAt: now })
          .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
          .returning({ id: accounts.id });
        if (updated.length === 0) {
          await tx
            .insert(accounts)
            .values({ userId, accountId: userId, providerId: 'credential', password: passwordHash });
        }
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, userId))
          .returning({ id: sessions.id });
        return { endedSessions: ended.length };
      });
    },
  };
}
