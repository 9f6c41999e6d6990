import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { StoredAttachment } from '../../db/schema/entries.ts';
import { entries } from '../../db/schema/index.ts';
import { createEntryAnalyticsRepository } from './analytics-repository.ts';
import { createEntryMediaRepository } from './entry-media-repository.ts';
import { createImportedEntriesRepository } from './import-repository.ts';
import {
  type CandidatesCursor,
  type EntryRow,
  type EntryWithShare,
  fromPageRow,
  isShared,
  lazyHotStatements,
  listColumns,
  type PageRow,
  pageStatement,
  type RangeFilter,
  rangeConditions,
  visibleEntriesOf,
} from './statements-repository.ts';
import { createUsageRepository } from './usage-repository.ts';

export type { AnalyticsRow } from './analytics-repository.ts';
export {
  type CandidatesCursor,
  dashboardPageQuery,
  type EntryRow,
  type EntryWithShare,
  type NewEntryRow,
  streakQuery,
  visibleEntriesOf,
  visibleEntry,
} from './statements-repository.ts';

/*
 * The entries repository, by group of rows (ADR 100): the owner's entries here (writing, finding, the list and
 * search pages), their media columns (entry-media-repository.ts), the usage counters of the daily limits (usage-repository.ts), what an import
 * reads and writes (import-repository.ts) and the analytics and insights reads (analytics-repository.ts), over the
 * statements they share (statements-repository.ts). The service sees one repository, as before.
 */
/** Every query is scoped to its owner: an id of someone else's entry finds nothing. */
export function createEntriesRepository(db: Executor) {
  const visible = visibleEntriesOf;
  const hot = lazyHotStatements(db);

  return {
    ...createUsageRepository(db),
    ...createImportedEntriesRepository(db),
    ...createEntryAnalyticsRepository(db, hot),
    ...createEntryMediaRepository(db),

    /**
     * Soft-deletes a visible entry in one statement and detaches its media, returning what was there. The row
     * lock makes parallel deletes of one entry wait and then find it gone, so only one of them sees a row.
     */
    async softDelete(
      userId: string,
      id: string,
      now: Date,
      sharedReason: string,
    ): Promise<{
      createdAt: Date;
      mediaUrl: string | null;
      attachments: StoredAttachment[];
      isImported: boolean;
    } | null> {
      const { rows } = await db.execute<{
        created_at: Date | string;
        media_url: string | null;
        attachments: StoredAttachment[] | string | null;
        is_imported: boolean;
      }>(sql`
        with target as (
          select id, media_url, attachments from entries
          where id = ${id} and ${visibleEntriesOf(userId)}
          for update)
        update entries set deleted_at = ${now.toISOString()}, updated_at = ${now.toISOString()}, media_url = null,
          media_thumb_width = null, media_thumb_height = null, attachments = null,
          deletion_reason = case when exists (
            select 1 from shared_entries s where s.entry_id = entries.id and s.status = 'active')
            then ${sharedReason} else null end
        from target where entries.id = target.id
        returning entries.created_at, target.media_url, target.attachments,
          entries.import_key is not null as is_imported`);
      const row = rows[0];
      return row
        ? {
            createdAt: new Date(row.created_at),
            mediaUrl: row.media_url,
            attachments:
              (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) ?? [],
            isImported: Boolean(row.is_imported),
          }
        : null;
    },

    async insert(values: typeof entries.$inferInsert): Promise<EntryRow> {
      const [row] = await db.insert(entries).values(values).returning();
      return row!;
    },

    /**
     * Inserts unless the user already has an entry with this idempotency key; null then. A concurrent repeat
     * waits on the unique index for the first to commit and then inserts nothing (ADR 041).
     */
    async insertOnce(
      values: typeof entries.$inferInsert & { clientRequestId: string },
    ): Promise<EntryRow | null> {
      const [row] = await db
        .insert(entries)
        .values(values)
        .onConflictDoNothing({
          target: [entries.userId, entries.clientRequestId],
          where: sql`${entries.clientRequestId} is not null`,
        })
        .returning();
      return row ?? null;
    },

    /** The entry a request with this idempotency key created, deleted or not: a repeat answers with it. */
    async findByClientRequest(userId: string, clientRequestId: string): Promise<EntryWithShare | null> {
      const [row] = await db
        .select({ entry: entries, isShared })
        .from(entries)
        .where(and(eq(entries.userId, userId), eq(entries.clientRequestId, clientRequestId)));
      return row ? { ...row.entry, isShared: row.isShared } : null;
    },

    async findOwned(userId: string, id: string): Promise<EntryWithShare | null> {
      const [row] = await db
        .select({ entry: entries, isShared })
        .from(entries)
        .where(and(eq(entries.id, id), visible(userId)));
      return row ? { ...row.entry, isShared: row.isShared } : null;
    },

    async page(userId: string, filter: RangeFilter, limit: number, offset: number) {
      const isUnfiltered = !filter.date && !filter.from && !filter.to;
      const rows = isUnfiltered
        ? await hot().page({ userId, limit, offset })
        : (await db.execute<PageRow>(pageStatement(userId, filter, limit, offset))).rows;
      return { rows: rows.filter((r) => r.id !== null).map(fromPageRow), total: rows[0]?.total_count ?? 0 };
    },

    /**
     * A page of the range's entries after `after`, newest first (keyset on created_at to the microsecond, then
     * id): every page is one range scan of entries_user_created_idx, however deep, and pages never skip or
     * repeat a row while entries are written meanwhile (ADR 069). `next` is null on the last page.
     */
    async candidatesPage(
      userId: string,
      filter: RangeFilter,
      after: CandidatesCursor | null,
      limit: number,
    ): Promise<{ rows: EntryWithShare[]; next: CandidatesCursor | null }> {
      const conditions = rangeConditions(userId, filter);
      if (after) conditions.push(sql`(created_at, id) < (${after.cursor}::timestamptz, ${after.id}::uuid)`);
      const { rows } = await db.execute<Omit<PageRow, 'total_count'> & { cursor: string }>(sql`
        select ${listColumns},
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor
        from entries where ${sql.join(conditions, sql` and `)}
        order by created_at desc, id desc limit ${limit + 1}`);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        rows: page.map((row) => fromPageRow({ ...row, total_count: 0 })),
        next: rows.length > limit && last ? { cursor: last.cursor, id: last.id! } : null,
      };
    },

    /** The visible entries dated `fromDay` or later, newest first, at most `limit` (AI insights and chats). */
    async visibleSince(userId: string, fromDay: string, limit: number) {
      return (
        db
          .select({
            id: entries.id,
            entryDate: entries.entryDate,
            moodTag: entries.moodTag,
            encryptedContent: entries.encryptedContent,
            metadata: entries.metadata,
            createdAt: entries.createdAt,
          })
          .from(entries)
          // Version 1 only: the server cannot read a private entry; AI by consent is still to come (ADR 094).
          .where(and(visible(userId), gte(entries.entryDate, fromDay), eq(entries.encryptionVersion, 1)))
          .orderBy(desc(entries.createdAt), desc(entries.id))
          .limit(limit)
      );
    },

    /** Whether the user has any visible entry: one index probe (the visibility rule's partial index). */
    async hasAny(userId: string): Promise<boolean> {
      const { rows } = await db.execute<{ found: boolean }>(
        sql`select exists(select 1 from entries where ${visible(userId)}) as found`,
      );
      return rows[0]?.found === true;
    },

    /**
     * Removes the user's version-2 entries (ADR 094), when private mode's key is gone for good ("start fresh", ADR
     * 089): nobody can read them any more. Answers the files they held, for removal once this commits.
     */
    async removePrivateEntries(userId: string, version: number): Promise<string[]> {
      const rows = await db
        .delete(entries)
        .where(and(eq(entries.userId, userId), eq(entries.encryptionVersion, version)))
        .returning({ mediaUrl: entries.mediaUrl, attachments: entries.attachments });
      return rows.flatMap((row) => [
        ...(row.mediaUrl ? [row.mediaUrl] : []),
        ...(row.attachments ?? []).map((attachment) => attachment.path),
      ]);
    },

    /** Updates a visible entry; with `createdAfter`, only one still inside its edit window (same statement). */
    async update(
      userId: string,
      id: string,
      values: Partial<typeof entries.$inferInsert>,
      createdAfter?: Date,
    ): Promise<EntryRow | null> {
      const [row] = await db
        .update(entries)
        .set(values)
        .where(
          and(
            eq(entries.id, id),
            visible(userId),
            createdAfter ? gt(entries.createdAt, createdAfter) : undefined,
            createdAfter ? isNull(entries.importKey) : undefined,
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type EntriesRepository = ReturnType<typeof createEntriesRepository>;
