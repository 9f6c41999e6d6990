import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { keyPairs, shareCopies, sharedEntries, shareKeyWraps, users } from '../../db/schema/index.ts';

export type ShareCopyRow = typeof shareCopies.$inferSelect;

/**
 * Sealed shares' rows (ADR 103): the copies, the wrapped keys and the public keys they are wrapped to. Ciphertext
 * in, ciphertext out: nothing here can open what it stores.
 */
export function createSealedSharesRepository(db: Executor) {
  return {
    /** Public keys of the registered users among these lower-cased e-mails (key_pairs, ADR 102). */
    async publicKeysByEmail(emails: string[]): Promise<Map<string, string>> {
      if (emails.length === 0) return new Map();
      const rows = await db
        .select({ email: users.email, publicKey: keyPairs.publicKey })
        .from(users)
        .innerJoin(keyPairs, eq(keyPairs.userId, users.id))
        .where(inArray(sql`lower(${users.email})`, emails));
      return new Map(rows.map((r) => [r.email.toLowerCase(), r.publicKey]));
    },

    async publicKeyOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ publicKey: keyPairs.publicKey })
        .from(keyPairs)
        .where(eq(keyPairs.userId, userId));
      return row?.publicKey ?? null;
    },

    async insertCopy(values: typeof shareCopies.$inferInsert): Promise<void> {
      await db.insert(shareCopies).values(values);
    },

    async insertWrap(values: typeof shareKeyWraps.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(shareKeyWraps)
        .values(values)
        .onConflictDoNothing()
        .returning({ shareId: shareKeyWraps.shareId });
      return rows.length > 0;
    },

    async copyOf(shareId: string): Promise<ShareCopyRow | null> {
      const [row] = await db.select().from(shareCopies).where(eq(shareCopies.shareId, shareId));
      return row ?? null;
    },

    /** The copies of these shares with the key wrapped for `userId`, if any (the bell's list). */
    async copiesFor(shareIds: string[], userId: string) {
      if (shareIds.length === 0) return new Map<string, { copy: ShareCopyRow; wrappedKey: string | null }>();
      const rows = await db
        .select({ copy: shareCopies, wrappedKey: shareKeyWraps.wrappedKey })
        .from(shareCopies)
        .leftJoin(
          shareKeyWraps,
          and(eq(shareKeyWraps.shareId, shareCopies.shareId), eq(shareKeyWraps.userId, userId)),
        )
        .where(inArray(shareCopies.shareId, shareIds));
      return new Map(rows.map((r) => [r.copy.shareId, { copy: r.copy, wrappedKey: r.wrappedKey }]));
    },

    /** Records where the copy's media was stored, once; false when it already had one. */
    async setMediaPath(shareId: string, mediaPath: string): Promise<boolean> {
      const rows = await db
        .update(shareCopies)
        .set({ mediaPath })
        .where(and(eq(shareCopies.shareId, shareId), isNull(shareCopies.mediaPath)))
        .returning({ shareId: shareCopies.shareId });
      return rows.length > 0;
    },

    /** Deletes the copies and wrapped keys of these shares (revoked, expired); answers the media files to remove. */
    async dropSealed(shareIds: string[]): Promise<string[]> {
      if (shareIds.length === 0) return [];
      await db.delete(shareKeyWraps).where(inArray(shareKeyWraps.shareId, shareIds));
      const rows = await db
        .delete(shareCopies)
        .where(inArray(shareCopies.shareId, shareIds))
        .returning({ mediaPath: shareCopies.mediaPath });
      return rows.map((r) => r.mediaPath).filter((p): p is string => p !== null);
    },

    /**
     * The sender's active `link` shares whose recipient's address now belongs to an account with a key pair, and
     * which have no key wrapped for that account yet: what the sender's browser wraps at its next unlocked session.
     */
    async awaitingWraps(senderId: string, now: Date) {
      return db
        .select({
          shareId: sharedEntries.id,
          keyForSender: shareCopies.keyForSender,
          recipientId: users.id,
          recipientPublicKey: keyPairs.publicKey,
        })
        .from(sharedEntries)
        .innerJoin(shareCopies, eq(shareCopies.shareId, sharedEntries.id))
        .innerJoin(users, eq(sql`lower(${users.email})`, sharedEntries.recipientEmail))
        .innerJoin(keyPairs, eq(keyPairs.userId, users.id))
        .where(
          and(
            eq(sharedEntries.senderId, senderId),
            eq(sharedEntries.sealing, 'link'),
            eq(sharedEntries.status, 'active'),
            sql`${sharedEntries.expiresAt} > ${now.toISOString()}::timestamptz`,
            sql`not exists (select 1 from ${shareKeyWraps} where ${shareKeyWraps.shareId} = ${sharedEntries.id}
                and ${shareKeyWraps.userId} = ${users.id})`,
          ),
        )
        .limit(100);
    },
  };
}

export type SealedSharesRepository = ReturnType<typeof createSealedSharesRepository>;
