import { and, asc, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passkeyChallenges, passkeys } from '../../db/schema/index.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyPurpose = 'register' | 'sign-in';

const listed = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  backedUp: passkeys.backedUp,
};

/** Passkeys' tables (ADR 080): the public keys people added, and the challenges waiting for an answer. */
export function createPasskeyRepository(db: Executor) {
  return {
    listByUser(userId: string) {
      return db
        .select(listed)
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt));
    },

    async countByUser(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return row?.n ?? 0;
    },

    /** The user's passkeys as the browser is told them, so it does not add one of them twice. */
    credentialsOf(userId: string) {
      return db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | null> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row ?? null;
    },

    /** Answers null when the credential is already added (to this account or another: ids are unique). */
    async insert(row: typeof passkeys.$inferInsert) {
      const [added] = await db
        .insert(passkeys)
        .values(row)
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning(listed);
      return added ?? null;
    },

    async rename(userId: string, id: string, name: string) {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning(listed);
      return row ?? null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ id: passkeys.id });
      return removed.length > 0;
    },

    /**
     * Records a sign-in with the new signature counter, in one conditional statement: a counter that did not move
     * past the stored one (a cloned authenticator, or the same answer twice) changes nothing and answers false.
     * Authenticators that keep no counter send 0 every time (WebAuthn §6.1.1): 0 after 0 is accepted.
     */
    async recordUse(id: string, newCounter: number, now: Date): Promise<boolean> {
      const used = await db
        .update(passkeys)
        .set({ counter: newCounter, lastUsedAt: now })
        .where(
          and(
            eq(passkeys.id, id),
            or(
              lt(passkeys.counter, newCounter),
              sql`(${passkeys.counter} = 0 and ${newCounter}::bigint = 0)`,
            ),
          ),
        )
        .returning({ id: passkeys.id });
      return used.length > 0;
    },

    /** A challenge waiting for its answer; anyone's run out go with it, so the table holds minutes of them. */
    async createChallenge(
      challengeHash: string,
      purpose: PasskeyPurpose,
      userId: string | null,
      expiresAt: Date,
      now: Date,
    ): Promise<void> {
      await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
      await db
        .insert(passkeyChallenges)
        .values({ challengeHash, purpose, userId, expiresAt, createdAt: now });
    },

    /**
     * Single use: the challenge is deleted as it is taken, so of two answers carrying it one gets it. Answers the
     * user it was made for (null for a sign-in's), or undefined when there is no such challenge (any more).
     */
    async consumeChallenge(
      challengeHash: string,
      purpose: PasskeyPurpose,
      now: Date,
    ): Promise<{ userId: string | null } | undefined> {
      const [row] = await db
        .delete(passkeyChallenges)
        .where(
          and(
            eq(passkeyChallenges.challengeHash, challengeHash),
            eq(passkeyChallenges.purpose, purpose),
            gt(passkeyChallenges.expiresAt, now),
          ),
        )
        .returning({ userId: passkeyChallenges.userId });
      return row;
    },
  };
}
