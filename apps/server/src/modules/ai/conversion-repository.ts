import { and, asc, count, eq, exists, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiConversations, aiMessages } from '../../db/schema/index.ts';
import type { ConversationKindValue, SealedText } from './repository.ts';

/** Turning a whole conversation from one version to the other (ADR 104, the private-mode switch of ADR 097). */
export function createConversionRepository(db: Db) {
  const holding = (userId: string, version: 1 | 2) =>
    and(
      eq(aiConversations.userId, userId),
      or(
        eq(aiConversations.encryptionVersion, version),
        exists(
          db
            .select({ id: aiMessages.id })
            .from(aiMessages)
            .where(
              and(
                eq(aiMessages.conversationId, aiConversations.id),
                eq(aiMessages.userId, userId),
                eq(aiMessages.encryptionVersion, version),
              ),
            ),
        ),
      ),
    );

  return {
    /** The owner's conversations holding any text of `version`, oldest first, and how many there are. */
    async holdingVersion(userId: string, version: 1 | 2, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: aiConversations.id, kind: aiConversations.kind })
          .from(aiConversations)
          .where(holding(userId, version))
          .orderBy(asc(aiConversations.createdAt), asc(aiConversations.id))
          .limit(limit),
        db.select({ n: count() }).from(aiConversations).where(holding(userId, version)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Replaces the title and the named messages of the owner's conversation with texts of `version`, in one go. */
    async replace(
      userId: string,
      kind: ConversationKindValue,
      conversationId: string,
      version: 1 | 2,
      title: SealedText,
      messages: Array<SealedText & { id: string }>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const touched = await tx
          .update(aiConversations)
          .set({ encryptedTitle: title.ciphertext, titleIv: title.iv, encryptionVersion: version })
          .where(
            and(
              eq(aiConversations.id, conversationId),
              eq(aiConversations.userId, userId),
              eq(aiConversations.kind, kind),
            ),
          )
          .returning({ id: aiConversations.id });
        if (touched.length === 0) return false;
        for (const message of messages)
          await tx
            .update(aiMessages)
            .set({ ciphertext: message.ciphertext, iv: message.iv, encryptionVersion: version })
            .where(
              and(
                eq(aiMessages.id, message.id),
                eq(aiMessages.conversationId, conversationId),
                eq(aiMessages.userId, userId),
              ),
            );
        return true;
      });
    },
  };
}
