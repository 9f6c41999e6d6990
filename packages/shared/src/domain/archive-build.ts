import type { ArchiveAttachment, ArchiveMedia } from '../schemas/archive.ts';
import type { SealedExportEntry, SealedExportFile } from '../schemas/sealed-export.ts';
import {
  type ArchiveSource,
  archiveEntryOf,
  archiveManifestEntry,
  archiveManifestHead,
  archiveManifestTail,
  archiveMarkdown,
  archiveReadme,
} from './archive.ts';
import { ARCHIVE_LAYOUT, archiveAttachmentPath, archiveMediaPath } from './archive-paths.ts';

/*
 * The Daybook archive (ADR 035) built file by file from entries the caller opens: what the browser of a private-mode
 * account zips (ADR 099). The files, their order, names and contents are the server export's: README.md, each
 * entry's Markdown followed by its files, then entries.json, with the same shared functions writing each. Only the
 * zip around them is the caller's (fflate in the browser).
 */

export type ArchiveFile = {
  path: string;
  bytes: Uint8Array;
  /** Deflated (README, entries.json) or stored (Markdown and media, as the server stores them). */
  compress: boolean;
};

export type ArchiveBuildInput = {
  exportedAt: string;
  /** The account's zone, which the README names for entries from before zones were recorded. */
  accountZone: string;
  range: { from: string | null; to: string | null } | null;
  /** The entries as the server stores them, oldest first (the sealed export's pages). */
  entries: AsyncIterable<SealedExportEntry>;
  /** The entry's text and mood opened (v2 with the account key, v1 with the v1 key); '' when it does not open. */
  open(entry: SealedExportEntry): Promise<{ text: string; moodTag: string | null }>;
  /** A file's plain bytes, or null when it cannot be read (the entry is then exported without it, as the server does). */
  fetchFile(entry: SealedExportEntry, file: SealedExportFile): Promise<Uint8Array | null>;
  /** After each entry: how many have been written. */
  onEntry?(done: number): void;
  signal?: AbortSignal;
};

const encoder = new TextEncoder();

export async function* buildArchive(input: ArchiveBuildInput): AsyncGenerator<ArchiveFile> {
  yield {
    path: ARCHIVE_LAYOUT.readme,
    bytes: encoder.encode(
      archiveReadme({ exportedAt: input.exportedAt, timeZone: input.accountZone, range: input.range }),
    ),
    compress: true,
  };
  // entries.json's lines, held until the end: the text of the journal once, as the zip's directory holds its names.
  const manifest: string[] = [archiveManifestHead({ exportedAt: input.exportedAt, range: input.range })];
  let done = 0;
  for await (const entry of input.entries) {
    input.signal?.throwIfAborted();
    const opened = await input.open(entry);
    const source: ArchiveSource = {
      id: entry.id,
      text: opened.text,
      title: entry.title,
      category: entry.category,
      moodTag: opened.moodTag,
      entryDate: entry.entryDate,
      timeZone: entry.timeZone,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      contentType: entry.contentType,
      sourceType: entry.sourceType,
      importKey: entry.importKey,
    };
    let media: ArchiveMedia | null = null;
    const files: { path: string; bytes: Uint8Array }[] = [];
    const attachments: ArchiveAttachment[] = [];
    // Numbered as the entry numbers them (its own file first), even when one of them cannot be read (ADR 088).
    const first = entry.contentType === 'text' ? 0 : 1;
    let at = 0;
    for (const file of entry.files) {
      const bytes = await input.fetchFile(entry, file);
      input.signal?.throwIfAborted();
      if (file.attachmentId === null) {
        if (!bytes) continue;
        media = {
          path: archiveMediaPath(entry.id, file.extension),
          mimeType: file.mimeType,
          sizeBytes: bytes.length,
        };
        files.push({ path: media.path, bytes });
        continue;
      }
      const number = first + at + 1;
      at += 1;
      if (!bytes) continue;
      const attachment: ArchiveAttachment = {
        path: archiveAttachmentPath(entry.id, number, file.extension),
        mimeType: file.mimeType,
        sizeBytes: bytes.length,
        contentType: file.contentType,
      };
      attachments.push(attachment);
      files.push({ path: attachment.path, bytes });
    }
    const record = archiveEntryOf(source, media, attachments);
    yield { path: record.markdownPath, bytes: encoder.encode(archiveMarkdown(record)), compress: false };
    for (const file of files) yield { ...file, compress: false };
    manifest.push(archiveManifestEntry(record, done === 0));
    done += 1;
    input.onEntry?.(done);
  }
  manifest.push(archiveManifestTail(done === 0));
  yield { path: ARCHIVE_LAYOUT.manifest, bytes: encoder.encode(manifest.join('')), compress: true };
}
