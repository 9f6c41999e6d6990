/*
 * The rows a standard account's archive is made of (ADR 035, ADR 066, ADR 099): read page by page, each entry's
 * text decrypted in memory and made the shared archive record. Apart from the archive's stream, which writes what
 * these read.
 */
import {
  type ArchiveAttachment,
  type ArchiveEntry,
  type ArchiveMedia,
  archiveEntryOf,
  decryptText,
  type EntryKey,
} from '@daybook/shared';
import { EXPORT_LIMITS, type ExportContext } from './context.ts';
import type { DayRange, ExportCursor, ExportRow } from './repository.ts';

/** The entry's text, or '' when there is none or it does not decrypt (never thrown: one bad row spoils no export). */
export async function textOf(key: EntryKey, row: ExportRow): Promise<string> {
  if (!row.encrypted_content || !row.encryption_iv) return '';
  try {
    return await decryptText(key, { ciphertext: row.encrypted_content, iv: row.encryption_iv });
  } catch {
    return '';
  }
}

/**
 * `accountZone` tells the entries from before zones were recorded (ADR 066). The record itself is the shared
 * `archiveEntryOf`, which the browser's export of a private account uses too (ADR 099).
 */
export function archiveEntry(
  row: ExportRow,
  text: string,
  accountZone: string,
  media: ArchiveMedia | null,
  attachments: ArchiveAttachment[] = [],
): ArchiveEntry {
  return archiveEntryOf(
    {
      id: row.id,
      text,
      title: row.title,
      category: row.category,
      moodTag: row.mood_tag,
      entryDate: row.entry_date,
      timeZone: row.time_zone ?? accountZone,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      contentType: row.content_type,
      sourceType: row.source_type,
      importKey: row.import_key,
    },
    media,
    attachments,
  );
}

export const normalRange = (range: DayRange) => ({ from: range.from ?? null, to: range.to ?? null });

export function createArchiveRows(ctx: ExportContext) {
  const { repository } = ctx;

  /** Every exportable row, page by page (keyset), oldest first. */
  async function* pages(userId: string, range: DayRange): AsyncGenerator<ExportRow[]> {
    let after: ExportCursor | null = null;
    for (;;) {
      const rows = await repository.page(userId, range, after, EXPORT_LIMITS.pageSize);
      if (rows.length === 0) return;
      yield rows;
      const last = rows[rows.length - 1]!;
      after = { cursor: last.cursor, id: last.id };
      if (rows.length < EXPORT_LIMITS.pageSize) return;
    }
  }

  return { pages };
}

export type ArchiveRows = ReturnType<typeof createArchiveRows>;
