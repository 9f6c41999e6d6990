import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { privateKeys } from '../../db/schema/index.ts';

export type PrivateKeyRow = typeof privateKeys.$inferSelect;
type Kdf = { salt: string; memoryKiB: number; iterations: number; parallelism: number };

const kdfColumns = (kdf: Kdf) => ({
  kdfAlgorithm: 'argon2id' as const,
  kdfSalt: kdf.salt,
  kdfMemoryKib: kdf.memoryKiB,
  kdfIterations: kdf.iterations,
  kdfParallelism: kdf.parallelism,
});

/** Private mode's key material (ADR 089): one row per account, changed only where the stored proof matches. */
export function createPrivateKeysRepository(db: Executor) {
  return {
    async find(userId: string): Promise<PrivateKeyRow | null> {
      const [row] = await db.select().from(privateKeys).where(eq(privateKeys.userId, userId));
      return row ?? null;
    },

    /** Answers false when the account has one already: a set-up never replaces a key, even two sent at once. */
    async insert(
      userId: string,
      input: { kdf: Kdf; passphraseWrap: string; recoveryWrap: string; keyProofHash: string },
      now: Date,
    ): Promise<boolean> {
      const inserted = await db
        .insert(privateKeys)
        .values({
          userId,
          ...kdfColumns(input.kdf),
          passphraseWrap: input.passphraseWrap,
          recoveryWrap: input.recoveryWrap,
          keyProofHash: input.keyProofHash,
          createdAt: now,
          passphraseChangedAt: now,
          recoveryKeyChangedAt: now,
        })
        .onConflictDoNothing({ target: privateKeys.userId })
        .returning({ userId: privateKeys.userId });
      return inserted.length > 0;
    },

    /**
     * The passphrase's wrap and its Argon2id settings, replaced in one statement that also checks the proof, so a
     * key removed and set up anew in between is never overwritten with a wrap of the old one.
     */
    async replacePassphraseWrap(
      userId: string,
      keyProofHash: string,
      input: { kdf: Kdf; passphraseWrap: string },
      now: Date,
    ): Promise<boolean> {
      const updated = await db
        .update(privateKeys)
        .set({ ...kdfColumns(input.kdf), passphraseWrap: input.passphraseWrap, passphraseChangedAt: now })
        .where(and(eq(privateKeys.userId, userId), eq(privateKeys.keyProofHash, keyProofHash)))
        .returning({ userId: privateKeys.userId });
      return updated.length > 0;
    },

    async replaceRecoveryWrap(
      userId: string,
      keyProofHash: string,
      recoveryWrap: string,
      now: Date,
    ): Promise<boolean> {
      const updated = await db
        .update(privateKeys)
        .set({ recoveryWrap, recoveryKeyChangedAt: now })
        .where(and(eq(privateKeys.userId, userId), eq(privateKeys.keyProofHash, keyProofHash)))
        .returning({ userId: privateKeys.userId });
      return updated.length > 0;
    },

    /**
     * Switching off begins (ADR 097): from now on the account's version-1 writes are accepted again. Only with the
     * current key's proof, and only once: a second start answers false as an unknown proof would.
     */
    async startSwitchingOff(userId: string, keyProofHash: string, now: Date): Promise<boolean> {
      const updated = await db
        .update(privateKeys)
        .set({ switchingOffSince: now })
        .where(
          and(
            eq(privateKeys.userId, userId),
            eq(privateKeys.keyProofHash, keyProofHash),
            isNull(privateKeys.switchingOffSince),
          ),
        )
        .returning({ userId: privateKeys.userId });
      return updated.length > 0;
    },

    /** Back to private mode: version 1 is refused again, and the entries switched off so far are made private anew. */
    async cancelSwitchingOff(userId: string, keyProofHash: string): Promise<boolean> {
      const updated = await db
        .update(privateKeys)
        .set({ switchingOffSince: null })
        .where(and(eq(privateKeys.userId, userId), eq(privateKeys.keyProofHash, keyProofHash)))
        .returning({ userId: privateKeys.userId });
      return updated.length > 0;
    },

    /**
     * The key row of an account switching off, removed with the current key's proof (ADR 097); the caller counts the
     * version-2 entries after this statement, in the same transaction, and rolls back when any remain.
     */
    async removeSwitchedOff(userId: string, keyProofHash: string): Promise<boolean> {
      const removed = await db
        .delete(privateKeys)
        .where(
          and(
            eq(privateKeys.userId, userId),
            eq(privateKeys.keyProofHash, keyProofHash),
            isNotNull(privateKeys.switchingOffSince),
          ),
        )
        .returning({ userId: privateKeys.userId });
      return removed.length > 0;
    },

    /**
     * Holds the account's key row until the caller's transaction ends (FOR SHARE), answering whether it exists: a
     * version-2 write takes it, so a switch off finishing at the same time waits for it and then sees its entry.
     */
    async holdKey(userId: string): Promise<boolean> {
      const rows = await db
        .select({ userId: privateKeys.userId })
        .from(privateKeys)
        .where(eq(privateKeys.userId, userId))
        .for('share');
      return rows.length > 0;
    },

    /** As holdKey, answering the row itself: the key pair's writes check the mode and the proof under it (ADR 102). */
    async holdRow(userId: string): Promise<PrivateKeyRow | null> {
      const [row] = await db.select().from(privateKeys).where(eq(privateKeys.userId, userId)).for('share');
      return row ?? null;
    },

    async remove(userId: string): Promise<boolean> {
      const removed = await db
        .delete(privateKeys)
        .where(eq(privateKeys.userId, userId))
        .returning({ userId: privateKeys.userId });
      return removed.length > 0;
    },
  };
}
