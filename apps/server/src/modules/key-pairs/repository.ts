import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { keyPairs } from '../../db/schema/index.ts';

export type KeyPairRow = typeof keyPairs.$inferSelect;
type KeyPairWrap = { wrappedPrivateKey: string; wrapKind: 1 | 2 };

/** Each account's key pair (ADR 102): one row per account, keyed by the owner's id in every statement. */
export function createKeyPairsRepository(db: Executor) {
  return {
    async find(userId: string): Promise<KeyPairRow | null> {
      const [row] = await db.select().from(keyPairs).where(eq(keyPairs.userId, userId));
      return row ?? null;
    },

    /** Answers false when the account has one already: a pair is never replaced, even by two sent at once. */
    async insert(userId: string, input: KeyPairWrap & { publicKey: string }, now: Date): Promise<boolean> {
      const inserted = await db
        .insert(keyPairs)
        .values({ userId, ...input, createdAt: now, rewrappedAt: now })
        .onConflictDoNothing({ target: keyPairs.userId })
        .returning({ userId: keyPairs.userId });
      return inserted.length > 0;
    },

    /**
     * The same pair under the other kind, in one statement that also checks the public key: a pair removed and made
     * anew in between (a fresh start) is never given the old one's private half.
     */
    async rewrap(userId: string, publicKey: string, wrap: KeyPairWrap, now: Date): Promise<boolean> {
      const updated = await db
        .update(keyPairs)
        .set({ ...wrap, rewrappedAt: now })
        .where(and(eq(keyPairs.userId, userId), eq(keyPairs.publicKey, publicKey)))
        .returning({ userId: keyPairs.userId });
      return updated.length > 0;
    },

    /** Inside a fresh start's transaction: the private half is lost with private mode's key (ADR 094, 102). */
    async remove(userId: string): Promise<void> {
      await db.delete(keyPairs).where(eq(keyPairs.userId, userId));
    },

    /** Whether the pair is still wrapped under private mode's key, which a finished switch off would lose. */
    async isWrappedPrivately(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ wrapKind: keyPairs.wrapKind })
        .from(keyPairs)
        .where(eq(keyPairs.userId, userId));
      return row?.wrapKind === 2;
    },
  };
}

/** The public halves of these accounts (no wrap); service.ts's `publicKeysOf` is what other modules call. */
export async function selectPublicKeys(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: keyPairs.userId, publicKey: keyPairs.publicKey })
    .from(keyPairs)
    .where(inArray(keyPairs.userId, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, row.publicKey]));
}
