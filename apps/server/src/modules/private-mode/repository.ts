import { and, eq } from 'drizzle-orm';
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

    async remove(userId: string): Promise<boolean> {
      const removed = await db
        .delete(privateKeys)
        .where(eq(privateKeys.userId, userId))
        .returning({ userId: privateKeys.userId });
      return removed.length > 0;
    },
  };
}
