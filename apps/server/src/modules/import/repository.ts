import { and, asc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { importBatches, importItems, importPreviews } from '../../db/schema/index.ts';

export type ImportPreviewRow = typeof importPreviews.$inferSelect;
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

export function createImportRepository(db: Executor, visibleEntriesOf: VisibleEntries) {
  return {
    async insertPreview(values: typeof importPreviews.$inferInsert): Promise<ImportPreviewRow> {
      const [row] = await db.insert(importPreviews).values(values).returning();
      return row!;
    },

    /** In statements of 100 rows: on the embedded database each statement holds the event loop while it runs. */
    async insertItems(values: (typeof importItems.$inferInsert)[]): Promise<void> {
      for (let i = 0; i < values.length; i += 100) {
        await db.insert(importItems).values(values.slice(i, i + 100));
      }
    },

    /** Makes a fully staged preview confirmable: its summary, and a validity that starts now (ADR 054). */
    async open(userId: string, id: string, summary: Record<string, unknown>, expiresAt: Date): Promise<void> {
      await db
        .update(importPreviews)
        .set({ summary, expiresAt })
        .where(and(eq(importPreviews.id, id), eq(importPreviews.userId, userId)));
    },

    /** The user's preview while it can still be confirmed; another user's id finds nothing. */
    async findOwned(userId: string, id: string, now: Date): Promise<ImportPreviewRow | null> {
      const [row] = await db
        .select()
        .from(importPreviews)
        .where(
          and(
            eq(importPreviews.id, id),
            eq(importPreviews.userId, userId),
            gt(importPreviews.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    /**
     * Takes the preview for one confirmation by ending its validity now: a second confirm, or another user's,
     * finds nothing. False when another confirmation took it first.
     */
    async claim(userId: string, id: string, now: Date): Promise<boolean> {
      const { rows } = await db.execute<{ id: string }>(sql`
        update import_previews set expires_at = ${now.toISOString()}
        where id = ${id} and user_id = ${userId} and expires_at > ${now.toISOString()}
        returning id`);
      return rows.length > 0;
    },

    async items(previewId: string, afterPosition: number, limit: number): Promise<ImportItemRow[]> {
      return db
        .select()
        .from(importItems)
        .where(and(eq(importItems.previewId, previewId), gt(importItems.position, afterPosition)))
        .orderBy(asc(importItems.position))
        .limit(limit);
    },

    async draftIds(userId: string, previewId: string): Promise<string[]> {
      const rows = await db
        .select({ id: importItems.mediaDraftId })
        .from(importItems)
        .innerJoin(importPreviews, eq(importPreviews.id, importItems.previewId))
        .where(and(eq(importItems.previewId, previewId), eq(importPreviews.userId, userId)));
      return rows.map((r) => r.id).filter((id): id is string => id !== null);
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(importPreviews)
        .where(and(eq(importPreviews.id, id), eq(importPreviews.userId, userId)))
        .returning({ id: importPreviews.id });
      return rows.length > 0;
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
          select count(*)::int as entries, count(media_url)::int as media,
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

    /** The user's previews that ended before `before` (abandoned, or taken by an import long finished or dead). */
    async endedBefore(userId: string, before: Date): Promise<string[]> {
      const rows = await db
        .select({ id: importPreviews.id })
        .from(importPreviews)
        .where(and(eq(importPreviews.userId, userId), lt(importPreviews.expiresAt, before)));
      return rows.map((r) => r.id);
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
