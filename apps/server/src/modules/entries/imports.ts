/*
 * What an import of a journal asks of the entries (ADR 037, ADR 068): which keys are already there, writing a
 * batch with its own dates outside the daily limit, bringing media an earlier import left out, and undoing a
 * batch. Apart because only the import module calls these, and none of the owner's daily rules apply to them.
 */
import { ENCRYPTION, type SessionUser } from '@daybook/shared';
import { queueLiveEvent } from '../../db/live-events.ts';
import type { StoredAttachment } from '../../db/schema/entries.ts';
import { attachmentPaths, type EntriesContext } from './context.ts';
import { createEntriesRepository, type EntriesRepository } from './repository.ts';

/** An entry from an import, encrypted with the owner's key, with its media already in place. */
export type ImportedEntry = {
  importKey: string;
  encryptedContent: string;
  encryptionIv: string;
  moodTag: string | null;
  timeZone: string;
  entryDate: string;
  createdAt: Date;
  updatedAt: Date;
  contentType: 'text' | 'image' | 'audio' | 'video';
  mediaUrl: string | null;
  /** The size of the image's thumbnail, when it has one (ADR 044). */
  mediaThumbnail: { width: number; height: number } | null;
  /** The further attachments, already in place, in order (ADR 088); empty for most. */
  attachments: StoredAttachment[];
  sourceType: 'journal' | 'empty';
  /** 2 for a private account's import, sealed in the browser with its mood (ADR 099); absent is version 1. */
  encryptionVersion?: number;
  encryptedMood?: string;
};

export function createEntryImports(ctx: EntriesContext) {
  const { db, repository, media } = ctx;

  return {
    /** Which of these import keys the user's entries already carry (import: duplicates are skipped). */
    async importedKeys(userId: string, keys: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < keys.length; i += 1000) {
        for (const key of await repository.existingImportKeys(userId, keys.slice(i, i + 1000)))
          found.add(key);
      }
      return found;
    },

    /** Which of these import keys are the user's live entries that have no attachment yet. */
    async importedKeysWithoutMedia(userId: string, keys: string[]): Promise<Set<string>> {
      return repository.importKeysWithoutMedia(userId, keys);
    },

    /**
     * Brings an attachment to the user's imported entry that has none (media an earlier import left out). False
     * when the entry has one by now, or was deleted: the caller removes the file.
     */
    async attachImportedMedia(
      user: SessionUser,
      importKey: string,
      media: Parameters<EntriesRepository['attachImportedMedia']>[2],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await createEntriesRepository(tx).attachImportedMedia(user.id, importKey, media);
        if (row) await queueLiveEvent(tx, user.id, { type: 'entry', id: row.id });
        return row !== null;
      });
    },

    /**
     * Writes one batch of imported entries in one transaction (ADR 037). They keep their own dates, are already
     * encrypted with the user's key, take nothing from the daily entry limit (no usage counter, and the window
     * count leaves imported rows out) and skip any key the user already has. They belong to `batchId`, which can
     * be removed as a whole (ADR 068). Returns the keys written.
     */
    async insertImported(user: SessionUser, rows: ImportedEntry[], batchId: string): Promise<Set<string>> {
      return db.transaction(async (tx) => {
        const inserted = await createEntriesRepository(tx).insertImported(
          rows.map((row) => ({
            userId: user.id,
            title: null,
            content: null,
            encryptedContent: row.encryptedContent,
            encryptionVersion: row.encryptionVersion ?? ENCRYPTION.version,
            encryptedMood: row.encryptedMood ?? null,
            metadata: { encryption_iv: row.encryptionIv },
            moodTag: row.moodTag,
            contentType: row.contentType,
            mediaUrl: row.mediaUrl,
            mediaThumbWidth: row.mediaThumbnail?.width ?? null,
            mediaThumbHeight: row.mediaThumbnail?.height ?? null,
            attachments: row.attachments.length > 0 ? row.attachments : null,
            sourceType: row.sourceType,
            entryDate: row.entryDate,
            timeZone: row.timeZone,
            importKey: row.importKey,
            importBatchId: batchId,
            createdAt: row.createdAt,
            updatedAt: row.updatedAt,
          })),
        );
        const last = inserted.at(-1);
        if (last) await queueLiveEvent(tx, user.id, { type: 'entry', id: last.id });
        return new Set(inserted.map((row) => row.importKey));
      });
    },

    /**
     * Removes every entry an import batch wrote, and their media files (ADR 068): the undo of an import, so
     * neither the edit window nor the daily deletion limit applies. Returns how many entries went.
     */
    async removeImportBatch(user: SessionUser, batchId: string): Promise<number> {
      const removed = await db.transaction(async (tx) => {
        const rows = await createEntriesRepository(tx).removeImportBatch(user.id, batchId);
        const first = rows[0];
        if (first) await queueLiveEvent(tx, user.id, { type: 'entry', id: first.id });
        return rows;
      });
      for (const { mediaUrl, attachments } of removed) {
        if (mediaUrl) await media.discard(mediaUrl);
        for (const path of attachmentPaths(attachments)) await media.discard(path);
      }
      return removed.length;
    },
  };
}
