import { and, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { entries, sharedEntries, usageCounters } from '../../db/schema/index.ts';

export type EntryRow = typeof entries.$inferSelect;
export type EntryWithShare = EntryRow & { isShared: boolean };

const isShared = sql<boolean>`exists (select 1 from ${sharedEntries} where ${sharedEntries.entryId} = ${entries.id} and ${sharedEntries.status} = 'active')`;

type PageRow = {
  id: string | null;
  user_id: string;
  title: string | null;
  category: string | null;
  content: string | null;
  encrypted_content: string | null;
  encryption_version: number;
  metadata: EntryRow['metadata'] | string;
  mood_tag: string | null;
  media_url: string | null;
  content_type: EntryRow['contentType'];
  source_type: EntryRow['sourceType'];
  entry_date: string;
  deleted_at: Date | string | null;
  deletion_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  is_shared: boolean;
  total_count: number;
};

function fromPageRow(row: PageRow): EntryWithShare {
  return {
    id: row.id!,
    userId: row.user_id,
    title: row.title,
    category: row.category,
    content: row.content,
    encryptedContent: row.encrypted_content,
    encryptionVersion: row.encryption_version,
    metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
    moodTag: row.mood_tag,
    mediaUrl: row.media_url,
    contentType: row.content_type,
    sourceType: row.source_type,
    entryDate: row.entry_date,
    deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
    deletionReason: row.deletion_reason,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    isShared: row.is_shared,
  };
}

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

    /**
     * One page and the exact total in a single round trip (spec §7: range paging with exact count). Both parts
     * are answered from `entries_user_created_idx`, whose predicate is the visibility rule below.
     */
    async page(
      userId: string,
      filter: { date?: string; from?: Date; to?: Date },
      limit: number,
      offset: number,
    ) {
      const conditions = [sql`user_id = ${userId}`, sql`deleted_at is null`, sql`source_type <> 'future_me'`];
      if (filter.date) conditions.push(sql`entry_date = ${filter.date}`);
      if (filter.from) conditions.push(sql`created_at >= ${filter.from.toISOString()}`);
      if (filter.to) conditions.push(sql`created_at < ${filter.to.toISOString()}`);
      const where = sql.join(conditions, sql` and `);
      const { rows } = await db.execute<PageRow>(sql`
        with total as (select count(*)::int as n from entries where ${where}),
        page as (
          select id, user_id, title, category, content, encrypted_content, encryption_version, metadata, mood_tag,
                 media_url, content_type, source_type, to_char(entry_date, 'YYYY-MM-DD') as entry_date,
                 deleted_at, deletion_reason, created_at, updated_at,
                 exists (select 1 from shared_entries s where s.entry_id = entries.id and s.status = 'active') as is_shared
          from entries where ${where}
          order by created_at desc, id desc limit ${limit} offset ${offset})
        select page.*, total.n as total_count from total left join page on true`);
      return { rows: rows.filter((r) => r.id !== null).map(fromPageRow), total: rows[0]?.total_count ?? 0 };
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
