/*
 * What /analytics and the insights read of the visible entries (ADR 028, ADR 030, ADR 048, ADR 094): counts and
 * pages of a range, its moods column by column, the calendar's dates, the streak's runs and the moods of a range.
 * Apart because these answer with dates, moods and counts rather than the rows the owner opens.
 */
import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { entries } from '../../db/schema/index.ts';
import {
  type EntryWithShare,
  fromPageRow,
  type HotStatements,
  listColumns,
  type PageRow,
  visibleEntriesOf,
} from './statements-repository.ts';

export type AnalyticsRow = {
  id: string;
  created_at: Date | string;
  cursor: string;
  entry_date: string;
  mood_tag: string | null;
  title: string | null;
  category: string | null;
  encrypted_content: string | null;
  encryption_iv: string | null;
  encryption_version: number;
  encrypted_mood: string | null;
};

/** Visible entries whose local date lies in [from, to] (either end optional). */
function analyticsRange(userId: string, range: { from?: string; to?: string }): SQL {
  const conditions = [visibleEntriesOf(userId)];
  if (range.from) conditions.push(sql`entry_date >= ${range.from}::date`);
  if (range.to) conditions.push(sql`entry_date <= ${range.to}::date`);
  return sql.join(conditions, sql` and `);
}

export function createEntryAnalyticsRepository(db: Executor, hot: HotStatements) {
  const visible = visibleEntriesOf;
  return {
    /** How many visible entries' local dates lie in [from, to]. */
    async analyticsCount(userId: string, range: { from?: string; to?: string }): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from entries where ${analyticsRange(userId, range)}`,
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * Visible entries whose local date lies in [from, to], oldest first, `limit` after the keyset `after`
     * (created_at to the microsecond, then id), with only the columns analytics reads. The cursor is made
     * in SQL so no precision is lost on the way through JavaScript dates.
     */
    async analyticsPage(
      userId: string,
      range: { from?: string; to?: string },
      after: { createdAt: string; id: string } | null,
      limit: number,
    ): Promise<AnalyticsRow[]> {
      const conditions = [analyticsRange(userId, range)];
      if (after)
        conditions.push(sql`(created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
      const { rows } = await db.execute<AnalyticsRow>(sql`
        select id, created_at,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor,
               to_char(entry_date, 'YYYY-MM-DD') as entry_date, mood_tag, title, category, encrypted_content,
               metadata->>'encryption_iv' as encryption_iv, encryption_version, encrypted_mood
        from entries where ${sql.join(conditions, sql` and `)}
        order by created_at, id limit ${limit}`);
      return rows;
    },

    /**
     * The plain columns of every visible entry whose local date lies in [from, to], oldest first: what
     * /analytics counts before decrypting. Three arrays in one row rather than a row per entry (a few
     * thousand rows cost several times more on the way out of the database than one row of arrays), and text
     * formatted in SQL, so JavaScript parses no date.
     */
    async analyticsMoods(
      userId: string,
      range: { from?: string; to?: string },
    ): Promise<{ createdAt: string[]; entryDate: string[]; moodTag: Array<string | null> }> {
      const { rows } = await db.execute<{
        created_at: string[];
        entry_date: string[];
        mood_tag: Array<string | null>;
      }>(sql`
        select
          coalesce(array_agg(to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                             order by created_at, id), '{}') as created_at,
          coalesce(array_agg(to_char(entry_date, 'YYYY-MM-DD') order by created_at, id), '{}') as entry_date,
          coalesce(array_agg(mood_tag order by created_at, id), '{}') as mood_tag
        from entries where ${analyticsRange(userId, range)}`);
      const row = rows[0];
      return {
        createdAt: row?.created_at ?? [],
        entryDate: row?.entry_date ?? [],
        moodTag: row?.mood_tag ?? [],
      };
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

    /** Runs of consecutive days with entries, newest first (see streakStatement), and the longest run ever. */
    async streakRuns(
      userId: string,
      today: string,
      since: string,
    ): Promise<{ runs: { first: string; last: string; length: number }[]; best: number }> {
      const rows = await hot().streak({ userId, today, since });
      return {
        runs: rows.map((r) => ({ first: r.first, last: r.last, length: Number(r.length) })),
        best: Number(rows[0]?.best ?? 0),
      };
    },

    /** The mood tags of visible entries dated in [first, last], newest first (entries_user_entry_date_idx). */
    async moodsBetween(
      userId: string,
      first: string,
      last: string,
      limit: number,
    ): Promise<{ moodTag: string; entryDate: string }[]> {
      const { rows } = await db.execute<{ mood_tag: string; entry_date: string }>(sql`
        select mood_tag, to_char(entry_date, 'YYYY-MM-DD') as entry_date from entries
        where ${visibleEntriesOf(userId)} and entry_date >= ${first}::date and entry_date <= ${last}::date
          and mood_tag is not null
        order by created_at desc, id desc limit ${limit}`);
      return rows.map((r) => ({ moodTag: r.mood_tag, entryDate: r.entry_date }));
    },

    /**
     * The sealed moods of visible private-mode entries dated in [first, last], newest first (ADR 094): the server
     * cannot tell which hold a mood (an empty one is sealed too), so it answers them all, up to `limit`.
     */
    async sealedMoodsBetween(
      userId: string,
      first: string,
      last: string,
      limit: number,
    ): Promise<{ encryptedMood: string; entryDate: string }[]> {
      const { rows } = await db.execute<{ encrypted_mood: string; entry_date: string }>(sql`
        select encrypted_mood, to_char(entry_date, 'YYYY-MM-DD') as entry_date from entries
        where ${visibleEntriesOf(userId)} and entry_date >= ${first}::date and entry_date <= ${last}::date
          and encrypted_mood is not null
        order by created_at desc, id desc limit ${limit}`);
      return rows.map((r) => ({ encryptedMood: r.encrypted_mood, entryDate: r.entry_date }));
    },

    /** The mood tag of the latest visible entry dated `day` that has one. */
    async latestMood(userId: string, day: string): Promise<string | null> {
      const { rows } = await db.execute<{ mood_tag: string }>(sql`
        select mood_tag from entries
        where ${visibleEntriesOf(userId)} and entry_date = ${day}::date and mood_tag is not null
        order by created_at desc, id desc limit 1`);
      return rows[0]?.mood_tag ?? null;
    },

    /** Visible entries dated on any of `dates`, newest date first, at most `limit` (entries_user_entry_date_idx). */
    async onDates(userId: string, dates: readonly string[], limit: number): Promise<EntryWithShare[]> {
      if (dates.length === 0) return [];
      const { rows } = await db.execute<Omit<PageRow, 'total_count'>>(sql`
        select ${listColumns} from entries
        where ${visibleEntriesOf(userId)}
          and entry_date in (${sql.join(
            dates.map((d) => sql`${d}::date`),
            sql`, `,
          )})
        order by entries.entry_date desc, created_at desc, id desc limit ${limit}`);
      return rows.map((row) => fromPageRow({ ...row, total_count: 0 }));
    },
  };
}
