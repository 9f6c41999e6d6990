import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiConversations, aiMessages, usageCounters } from '../../db/schema/index.ts';

export type ConversationRow = typeof aiConversations.$inferSelect;
export type MessageRow = typeof aiMessages.$inferSelect;
export type ConversationKindValue = ConversationRow['kind'];

/** Sealed text: AES-GCM ciphertext and IV, base64. */
export type SealedText = { ciphertext: string; iv: string };

/** The AI counters in usage_counters, one per limit (the same table as the daily entry and deletion counts). */
export const USAGE_KINDS = {
  insights: 'ai_insights',
  coaching: 'ai_coaching',
  futureChat: 'ai_future_chat',
} as const;
export type UsageFeature = keyof typeof USAGE_KINDS;

export function createAiRepository(db: Db) {
  return {
    /**
     * Spends one use unless `limit` is reached, in one statement: ON CONFLICT's row lock serialises parallel
     * requests, so 10 at once against a limit of 2 get exactly 2 through. False when refused.
     */
    async consumeUse(userId: string, feature: UsageFeature, day: string, limit: number): Promise<boolean> {
      if (limit <= 0) return false;
      const { rows } = await db.execute<{ count: number }>(sql`
        insert into usage_counters (user_id, kind, day, count) values (${userId}, ${USAGE_KINDS[feature]}, ${day}, 1)
        on conflict (user_id, kind, day) do update set count = usage_counters.count + 1
        where usage_counters.count < ${limit}
        returning count`);
      return rows.length > 0;
    },

    /** Gives back a use of `day` (the day it was spent on, even if the user's day has turned since). */
    async refundUse(userId: string, feature: UsageFeature, day: string): Promise<void> {
      await db
        .update(usageCounters)
        .set({ count: sql`${usageCounters.count} - 1` })
        .where(
          and(
            eq(usageCounters.userId, userId),
            eq(usageCounters.kind, USAGE_KINDS[feature]),
            eq(usageCounters.day, day),
            sql`${usageCounters.count} > 0`,
          ),
        );
    },

    async usesOn(userId: string, day: string): Promise<Record<UsageFeature, number>> {
      const rows = await db
        .select({ kind: usageCounters.kind, count: usageCounters.count })
        .from(usageCounters)
        .where(
          and(
            eq(usageCounters.userId, userId),
            eq(usageCounters.day, day),
            inArray(usageCounters.kind, Object.values(USAGE_KINDS)),
          ),
        );
      const countOf = (kind: string) => rows.find((row) => row.kind === kind)?.count ?? 0;
      return {
        insights: countOf(USAGE_KINDS.insights),
        coaching: countOf(USAGE_KINDS.coaching),
        futureChat: countOf(USAGE_KINDS.futureChat),
      };
    },

    async listConversations(userId: string, kind: ConversationKindValue) {
      return db
        .select({
          conversation: aiConversations,
          messageCount:
            sql<number>`(select ${count()} from ${aiMessages} where ${aiMessages.conversationId} = ${aiConversations.id})`.mapWith(
              Number,
            ),
        })
        .from(aiConversations)
        .where(and(eq(aiConversations.userId, userId), eq(aiConversations.kind, kind)))
        .orderBy(desc(aiConversations.updatedAt), desc(aiConversations.id))
        .limit(100);
    },

    async findConversation(
      userId: string,
      kind: ConversationKindValue,
      id: string,
    ): Promise<ConversationRow | null> {
      const [row] = await db
        .select()
        .from(aiConversations)
        .where(
          and(eq(aiConversations.userId, userId), eq(aiConversations.kind, kind), eq(aiConversations.id, id)),
        );
      return row ?? null;
    },

    async messagesOf(userId: string, conversationId: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(aiMessages)
        .where(and(eq(aiMessages.userId, userId), eq(aiMessages.conversationId, conversationId)))
        .orderBy(asc(aiMessages.createdAt), asc(aiMessages.id));
    },

    /**
     * Stores one turn: the conversation when it is new, the user's message and the reply, in one transaction.
     * The reply is written a millisecond after the message so the two keep their order.
     */
    async saveTurn(turn: {
      userId: string;
      kind: ConversationKindValue;
      conversationId: string;
      isNew: boolean;
      title: SealedText;
      message: SealedText;
      reply: (SealedText & { status: 'complete' | 'stopped' }) | null;
      at: Date;
      /** 2: sealed in a private account's browser (ADR 104); 1 (the default): sealed here with the standard key. */
      encryptionVersion?: 1 | 2;
    }): Promise<{ replyId: string | null } | null> {
      const encryptionVersion = turn.encryptionVersion ?? 1;
      return db.transaction(async (tx) => {
        if (turn.isNew) {
          // An id the browser named (ADR 104) may be another account's conversation: then nothing is stored.
          const created = await tx
            .insert(aiConversations)
            .values({
              id: turn.conversationId,
              userId: turn.userId,
              kind: turn.kind,
              encryptedTitle: turn.title.ciphertext,
              titleIv: turn.title.iv,
              encryptionVersion,
              createdAt: turn.at,
              updatedAt: turn.at,
            })
            .onConflictDoNothing()
            .returning({ id: aiConversations.id });
          if (created.length === 0) return null;
        } else {
          // The conversation may have been deleted while the reply streamed: then nothing is stored.
          const touched = await tx
            .update(aiConversations)
            .set({ updatedAt: turn.at })
            .where(and(eq(aiConversations.id, turn.conversationId), eq(aiConversations.userId, turn.userId)))
            .returning({ id: aiConversations.id });
          if (touched.length === 0) return null;
        }
        const base = { conversationId: turn.conversationId, userId: turn.userId, encryptionVersion };
        await tx.insert(aiMessages).values({
          ...base,
          role: 'user',
          ciphertext: turn.message.ciphertext,
          iv: turn.message.iv,
          createdAt: turn.at,
        });
        if (!turn.reply) return { replyId: null };
        const [reply] = await tx
          .insert(aiMessages)
          .values({
            ...base,
            role: 'assistant',
            status: turn.reply.status,
            ciphertext: turn.reply.ciphertext,
            iv: turn.reply.iv,
            createdAt: new Date(turn.at.getTime() + 1),
          })
          .returning({ id: aiMessages.id });
        return { replyId: reply!.id };
      });
    },

    async deleteConversation(userId: string, kind: ConversationKindValue, id: string): Promise<boolean> {
      const deleted = await db
        .delete(aiConversations)
        .where(
          and(eq(aiConversations.userId, userId), eq(aiConversations.kind, kind), eq(aiConversations.id, id)),
        )
        .returning({ id: aiConversations.id });
      return deleted.length > 0;
    },
  };
}

export type AiRepository = ReturnType<typeof createAiRepository>;
