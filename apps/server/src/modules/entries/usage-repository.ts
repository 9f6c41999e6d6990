/*
 * The usage counters of the daily limits (ADR 016, ADR 066): what a day has used of each kind, taking one use
 * under a limit in one statement, and the entries of today written under another zone's date. Apart because it is
 * the one table of the entries module's limits, not the entries themselves.
 */
import { addDays } from '@daybook/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { usageCounters } from '../../db/schema/index.ts';

/**
 * The count behind writtenInWindowUnderOtherDates, as a subquery both lookups share. Two date ranges, each
 * an index condition of entries_user_date_created_idx (user_id, entry_date, created_at) whatever the table's
 * statistics: a list of dates is left to a filter by the planner on a young table, which then walks every
 * entry of today.
 */
function writtenUnderOtherDates(userId: string, day: string, window: { start: Date; end: Date }) {
  const inRange = (from: string, to: string) => sql`(select count(*)::int from entries
    where user_id = ${userId} and source_type = 'journal' and import_key is null
      and entry_date >= ${from}::date and entry_date <= ${to}::date
      and created_at >= ${window.start.toISOString()}::timestamptz
      and created_at < ${window.end.toISOString()}::timestamptz)`;
  return sql`select ${inRange(addDays(day, -2), addDays(day, -1))} + ${inRange(addDays(day, 1), addDays(day, 2))}`;
}

export function createUsageRepository(db: Executor) {
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

    /**
     * Entries created inside the window of local day `day` (as the user's zone now sees it) but stored under
     * another date, because they were written under another zone. Such an entry lies at most two dates away,
     * so the lookup is two short range scans of entries_user_date_created_idx, empty unless the zone changed.
     */
    async writtenInWindowUnderOtherDates(
      userId: string,
      day: string,
      window: { start: Date; end: Date },
    ): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`select (${writtenUnderOtherDates(userId, day, window)}) as n`,
      );
      return rows[0]?.n ?? 0;
    },

    /** Today's use of `kind` as counted, plus the entries written today under other dates: one round trip. */
    async usedToday(
      userId: string,
      kind: string,
      day: string,
      window: { start: Date; end: Date },
    ): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`
        select coalesce((select count from usage_counters
                         where user_id = ${userId} and kind = ${kind} and day = ${day}), 0)
             + (${writtenUnderOtherDates(userId, day, window)}) as n`);
      return rows[0]?.n ?? 0;
    },
  };
}
