import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

export function createContactRepository() {
  return {
    async insert(executor: Pick<Db, 'insert'>, message: NewContactMessage) {
      const [row] = await executor
        .insert(contactMessages)
        .values(message)
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      return row!;
    },

    /** The admin area's inbox, newest first. */
    async page(executor: Executor, status: 'open' | 'handled' | 'all', offset: number, limit: number) {
      const where =
        status === 'all'
          ? undefined
          : status === 'open'
            ? isNull(contactMessages.handledAt)
            : isNotNull(contactMessages.handledAt);
      const [items, [totals]] = await Promise.all([
        executor
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset(offset),
        executor.select({ total: count() }).from(contactMessages).where(where),
      ]);
      return { items, total: totals?.total ?? 0 };
    },

    /** Marks an open message handled; null when there is none, or it was handled already (`isHandled`). */
    async markHandled(executor: Executor, id: string, handledBy: string | null, now: Date) {
      const [row] = await executor
        .update(contactMessages)
        .set({ handledAt: now, handledBy })
        .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
        .returning();
      if (row) return { row, wasOpen: true };
      const [existing] = await executor.select().from(contactMessages).where(eq(contactMessages.id, id));
      return existing ? { row: existing, wasOpen: false } : null;
    },
  };
}
