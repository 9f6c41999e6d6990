/*
 * The entries an import reads and writes (ADR 037, ADR 062, ADR 068, ADR 088): which archive identities are already
 * there, inserting a batch that skips them, bringing an attachment an earlier import left out, removing a batch,
 * and the entry a link between imported entries leads to. Apart because only the import's part of the service
 * uses them.
 */
import { DAYBOOK_KEY_PREFIX } from '@daybook/shared';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { StoredAttachment } from '../../db/schema/entries.ts';
import { entries } from '../../db/schema/index.ts';
import { type EntryWithShare, isShared, UUID, visibleEntriesOf } from './statements-repository.ts';

export function createImportedEntriesRepository(db: Executor) {
  const visible = visibleEntriesOf;
  return {
    /**
     * Which of these archive identities the user's entries already have (deleted ones too: a deletion is a
     * choice): an imported entry's import key, or "daybook:<id>" of an entry written here (ADR 068).
     */
    async existingImportKeys(userId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const ownIds = keys
        .filter((key) => key.startsWith(DAYBOOK_KEY_PREFIX))
        .map((key) => key.slice(DAYBOOK_KEY_PREFIX.length))
        .filter((id) => UUID.test(id));
      const rows = await db
        .select({ id: entries.id, key: entries.importKey })
        .from(entries)
        .where(
          and(
            eq(entries.userId, userId),
            ownIds.length > 0
              ? or(inArray(entries.importKey, keys), inArray(entries.id, ownIds))
              : inArray(entries.importKey, keys),
          ),
        );
      const wanted = new Set(keys);
      const found = new Set<string>();
      for (const row of rows) {
        if (row.key !== null && wanted.has(row.key)) found.add(row.key);
        if (wanted.has(`${DAYBOOK_KEY_PREFIX}${row.id}`)) found.add(`${DAYBOOK_KEY_PREFIX}${row.id}`);
      }
      return found;
    },

    /** Which of these import keys belong to the user's live entries that have no attachment. */
    async importKeysWithoutMedia(userId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: entries.importKey })
        .from(entries)
        .where(
          and(
            eq(entries.userId, userId),
            inArray(entries.importKey, keys),
            isNull(entries.deletedAt),
            isNull(entries.mediaUrl),
          ),
        );
      return new Set(rows.map((r) => r.key).filter((k): k is string => k !== null));
    },

    /**
     * Gives the user's live imported entry its attachment, if it still has none; false when it has one by now or
     * is gone (the caller then removes the file).
     */
    async attachImportedMedia(
      userId: string,
      importKey: string,
      media: {
        contentType: 'image' | 'audio' | 'video';
        mediaUrl: string;
        thumbnail: { width: number; height: number } | null;
      },
    ): Promise<{ id: string } | null> {
      const [row] = await db
        .update(entries)
        .set({
          contentType: media.contentType,
          mediaUrl: media.mediaUrl,
          mediaThumbWidth: media.thumbnail?.width ?? null,
          mediaThumbHeight: media.thumbnail?.height ?? null,
        })
        .where(
          and(
            eq(entries.userId, userId),
            eq(entries.importKey, importKey),
            isNull(entries.deletedAt),
            isNull(entries.mediaUrl),
          ),
        )
        .returning({ id: entries.id });
      return row ?? null;
    },

    /**
     * Inserts imported entries, skipping any whose import key the user already has (entries_user_import_key_idx,
     * so a parallel import of the same archive adds nothing either). Returns the keys actually inserted.
     */
    async insertImported(
      values: (typeof entries.$inferInsert)[],
    ): Promise<{ id: string; importKey: string }[]> {
      if (values.length === 0) return [];
      const rows = await db
        .insert(entries)
        .values(values)
        .onConflictDoNothing({
          target: [entries.userId, entries.importKey],
          where: sql`import_key is not null`,
        })
        .returning({ id: entries.id, importKey: entries.importKey });
      return rows.map((r) => ({ id: r.id, importKey: r.importKey ?? '' }));
    },

    /**
     * Removes an import batch's entries for good, deleted ones too (ADR 068), with their shares (cascade);
     * returns their ids and the media files they held, which the caller removes once the rows are gone.
     */
    async removeImportBatch(
      userId: string,
      batchId: string,
    ): Promise<{ id: string; mediaUrl: string | null; attachments: StoredAttachment[] | null }[]> {
      return db
        .delete(entries)
        .where(and(eq(entries.userId, userId), eq(entries.importBatchId, batchId)))
        .returning({ id: entries.id, mediaUrl: entries.mediaUrl, attachments: entries.attachments });
    },

    /** The user's visible entry imported with this key (a link between imported entries, ADR 088). */
    async findOwnedByImportKey(userId: string, importKey: string): Promise<EntryWithShare | null> {
      const [row] = await db
        .select({ entry: entries, isShared })
        .from(entries)
        .where(and(eq(entries.importKey, importKey), visible(userId)));
      return row ? { ...row.entry, isShared: row.isShared } : null;
    },
  };
}
