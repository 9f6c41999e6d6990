import type { ImportState } from '@daybook/shared';
import { and, asc, desc, eq, gt, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { liveEventNotify } from '../../db/live-events.ts';
import { importBatches, importItems, importPreviews } from '../../db/schema/index.ts';

/** One import, from upload to report (ADR 077). */
export type ImportRow = typeof importPreviews.$inferSelect;
export type ImportItemRow = typeof importItems.$inferSelect;

/** A batch as /export lists it, counted from its entries still in the journal. */
export type ImportBatchRow = {
  id: string;
  source: 'daybook' | 'dayone';
  createdAt: Date;
  entries: number;
  media: number;
  firstDate: string;
  lastDate: string;
};

/** The entries module's visibility rule (ADR 021), handed in by services.ts: modules share no repositories. */
export type VisibleEntries = (userId: string) => SQL;

/** `now` is the app's clock, which dates each change of an import (the sweep compares it with the same clock). */
export function createImportRepository(db: Executor, visibleEntriesOf: VisibleEntries, now: () => Date) {
  return {
    /**
     * A new import, held (`leaseUntil`) until its archive is in storage; none when the user already has one being
     * checked or written (the partial unique index answers, whichever instance races).
     */
    async insertImport(values: typeof importPreviews.$inferInsert): Promise<ImportRow | null> {
      const [row] = await db.insert(importPreviews).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** In statements of 100 rows: on the embedded database each statement holds the event loop while it runs. */
    async insertItems(values: (typeof importItems.$inferInsert)[]): Promise<void> {
      for (let i = 0; i < values.length; i += 100) {
        await db.insert(importItems).values(values.slice(i, i + 100));
      }
    },

    async removeItems(id: string): Promise<void> {
      await db.delete(importItems).where(eq(importItems.previewId, id));
    },

    /** The user's import; another user's id finds nothing. */
    async findOwned(userId: string, id: string): Promise<ImportRow | null> {
      const [row] = await db
        .select()
        .from(importPreviews)
        .where(and(eq(importPreviews.id, id), eq(importPreviews.userId, userId)));
      return row ?? null;
    },

    /** The user's latest import that is not being cleaned up after a cancel. */
    async latest(userId: string): Promise<ImportRow | null> {
      const [row] = await db
        .select()
        .from(importPreviews)
        .where(and(eq(importPreviews.userId, userId), ne(importPreviews.state, 'cancelled')))
        .orderBy(desc(importPreviews.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Changes an import when it is still in one of `states`, and tells the user's open tabs in the same round trip
     * (the NOTIFY is sent when the statement commits). False when it had moved on (cancelled, taken, finished).
     */
    async change(
      row: Pick<ImportRow, 'id' | 'userId'>,
      states: readonly ImportState[],
      values: Partial<typeof importPreviews.$inferInsert>,
    ): Promise<boolean> {
      const changed = db
        .update(importPreviews)
        .set({ ...values, updatedAt: now() })
        .where(and(eq(importPreviews.id, row.id), inArray(importPreviews.state, [...states])))
        .returning({ id: importPreviews.id });
      const { rows } = await db.execute<{ id: string }>(sql`
        with changed as ${changed}
        select id, ${liveEventNotify(row.userId, { type: 'import', id: row.id })} from changed`);
      return rows.length > 0;
    },

    /**
     * Takes the oldest import a job should work on (being checked, being written, or cancelled and not cleaned up
     * yet) that no live job holds, and holds it until `leaseUntil`: SKIP LOCKED, so instances never take the same one.
     */
    async claimNext(now: Date, leaseUntil: Date): Promise<ImportRow | null> {
      const [row] = await db
        .update(importPreviews)
        .set({ leaseUntil, attempts: sql`${importPreviews.attempts} + 1` })
        .where(
          eq(
            importPreviews.id,
            sql`(select id from import_previews
                 where state in ('checking', 'importing', 'cancelled')
                   and (lease_until is null or lease_until < ${now.toISOString()})
                 order by created_at
                 limit 1
                 for update skip locked)`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(importPreviews)
        .where(and(eq(importPreviews.id, id), eq(importPreviews.userId, userId)))
        .returning({ id: importPreviews.id });
      return rows.length > 0;
    },

    /** Previews never confirmed within their validity, and reports nobody dismissed: what the sweep removes. */
    async leftBehind(
      expiredBefore: Date,
      finishedBefore: Date,
    ): Promise<Pick<ImportRow, 'id' | 'userId' | 'state'>[]> {
      return db
        .select({ id: importPreviews.id, userId: importPreviews.userId, state: importPreviews.state })
        .from(importPreviews)
        .where(
          or(
            and(eq(importPreviews.state, 'ready'), lt(importPreviews.expiresAt, expiredBefore)),
            and(
              inArray(importPreviews.state, ['done', 'failed']),
              lt(importPreviews.updatedAt, finishedBefore),
            ),
          ),
        )
        .limit(100);
    },

    async items(previewId: string, afterPosition: number, limit: number): Promise<ImportItemRow[]> {
      return db
        .select()
        .from(importItems)
        .where(and(eq(importItems.previewId, previewId), gt(importItems.position, afterPosition)))
        .orderBy(asc(importItems.position))
        .limit(limit);
    },

    /** The media drafts staged for an import's items after `afterPosition` (all of them by default). */
    async draftIds(userId: string, previewId: string, afterPosition = 0): Promise<string[]> {
      const rows = await db
        .select({ id: importItems.mediaDraftId, further: importItems.attachmentDraftIds })
        .from(importItems)
        .innerJoin(importPreviews, eq(importPreviews.id, importItems.previewId))
        .where(
          and(
            eq(importItems.previewId, previewId),
            eq(importPreviews.userId, userId),
            gt(importItems.position, afterPosition),
          ),
        );
      // The drafts of an entry's further attachments (ADR 088) go with it.
      return rows.flatMap((r) => [r.id, ...(r.further ?? [])]).filter((id): id is string => id !== null);
    },

    async createBatch(userId: string, source: 'daybook' | 'dayone'): Promise<string> {
      const [row] = await db
        .insert(importBatches)
        .values({ userId, source })
        .returning({ id: importBatches.id });
      return row!.id;
    },

    /** The user's batches that still have entries in the journal, newest first. */
    async batches(userId: string): Promise<ImportBatchRow[]> {
      const { rows } = await db.execute<{
        id: string;
        source: 'daybook' | 'dayone';
        created_at: Date | string;
        entries: number;
        media: number;
        first_date: string;
        last_date: string;
      }>(sql`
        select b.id, b.source, b.created_at, c.entries, c.media, c.first_date, c.last_date
        from import_batches b
        join lateral (
          select count(*)::int as entries,
                 count(*) filter (where media_url is not null or attachments is not null)::int as media,
                 to_char(min(entry_date), 'YYYY-MM-DD') as first_date,
                 to_char(max(entry_date), 'YYYY-MM-DD') as last_date
          from entries where ${visibleEntriesOf(userId)} and import_batch_id = b.id) c on c.entries > 0
        where b.user_id = ${userId}
        order by b.created_at desc, b.id desc`);
      return rows.map((row) => ({
        id: row.id,
        source: row.source,
        createdAt: new Date(row.created_at),
        entries: row.entries,
        media: row.media,
        firstDate: row.first_date,
        lastDate: row.last_date,
      }));
    },

    async hasBatch(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: importBatches.id })
        .from(importBatches)
        .where(and(eq(importBatches.id, id), eq(importBatches.userId, userId)));
      return row !== undefined;
    },

    async removeBatch(userId: string, id: string): Promise<void> {
      await db.delete(importBatches).where(and(eq(importBatches.id, id), eq(importBatches.userId, userId)));
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
