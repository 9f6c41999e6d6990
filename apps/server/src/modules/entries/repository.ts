import { and, desc, eq, gte, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { entries, sharedEntries, usageCounters } from '../../db/schema/index.ts';

export type EntryRow = typeof entries.$inferSelect;
export type EntryWithShare = EntryRow & { isShared: boolean };

const isShared = sql<boolean>`exists (select 1 from ${sharedEntries} where ${sharedEntries.entryId} = ${entries.id} and ${sharedEntries.status} = 'active')`;

/** Every query is scoped to its owner: an id of someone else's entry finds nothing. */
export function createEntriesRepository(db: Executor) {
  const visible = (userId: string) =>
    and(eq(entries.userId, userId), isNull(entries.deletedAt), ne(entries.sourceType, 'future_me'));

  return {
    async usage(userId: string, kind: string, day: string): Promise<number> {
      const [row] = await db
        .select({ count: usageCounters.count })
        .from(usageCounters)
        .where(
          and(eq(usageCounters.userId, userId), eq(usageCounters.kind, kind), eq(usageCounters.day, day)),
        );
      return row?.count ?? 0;
    },

    /**
     * Counts one use unless `limit` is reached, in one statement: the row lock of ON CONFLICT serialises
     * parallel requests, so 20 at once against a limit of 3 get exactly 3 through. False when refused.
     */
    async consume(userId: string, kind: string, day: string, limit: number): Promise<boolean> {
      const { rows } = await db.execute<{ count: number }>(sql`
        insert into usage_counters (user_id, kind, day, count) values (${userId}, ${kind}, ${day}, 1)
        on conflict (user_id, kind, day) do update set count = usage_counters.count + 1
        where usage_counters.count < ${limit}
        returning count`);
      return rows.length > 0 && limit > 0;
    },

    async insert(values: typeof entries.$inferInsert): Promise<EntryRow> {
      const [row] = await db.insert(entries).values(values).returning();
      return row!;
    },

    async findOwned(userId: string, id: string): Promise<EntryWithShare | null> {
      const [row] = await db
        .select({ entry: entries, isShared })
        .from(entries)
        .where(and(eq(entries.id, id), visible(userId)));
      return row ? { ...row.entry, isShared: row.isShared } : null;
    },

    async page(
      userId: string,
      filter: { date?: string; from?: Date; to?: Date },
      limit: number,
      offset: number,
    ) {
      const where = and(
        visible(userId),
        filter.date ? eq(entries.entryDate, filter.date) : undefined,
        filter.from ? gte(entries.createdAt, filter.from) : undefined,
        filter.to ? lt(entries.createdAt, filter.to) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: entries, isShared })
          .from(entries)
          .where(where)
          .orderBy(desc(entries.createdAt), desc(entries.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(entries).where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r.entry, isShared: r.isShared })), total: total?.n ?? 0 };
    },

    /** Distinct local dates with entries in [first, last] (calendar markers). */
    async datesWithEntries(userId: string, first: string, last: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ day: entries.entryDate })
        .from(entries)
        .where(and(visible(userId), gte(entries.entryDate, first), lte(entries.entryDate, last)))
        .orderBy(entries.entryDate);
      return rows.map((r) => r.day);
    },

    async update(
      userId: string,
      id: string,
      values: Partial<typeof entries.$inferInsert>,
    ): Promise<EntryRow | null> {
      const [row] = await db
        .update(entries)
        .set(values)
        .where(and(eq(entries.id, id), visible(userId)))
        .returning();
      return row ?? null;
    },

    async hasActiveShare(entryId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sharedEntries.id })
        .from(sharedEntries)
        .where(and(eq(sharedEntries.entryId, entryId), eq(sharedEntries.status, 'active')))
        .limit(1);
      return Boolean(row);
    },
  };
}

export type EntriesRepository = ReturnType<typeof createEntriesRepository>;
