import { Readable } from 'node:stream';
import {
  ARCHIVE_LAYOUT,
  type ArchiveAttachment,
  type ArchiveEntry,
  type ArchiveMedia,
  archiveAttachmentPath,
  archiveEntryOf,
  archiveFileName,
  archiveManifestEntry,
  archiveManifestHead,
  archiveManifestTail,
  archiveMarkdown,
  archiveMediaPathFor,
  archiveReadme,
  decryptText,
  type EntryKey,
  EXPORT_MESSAGES,
  type ExportSummary,
  localDate,
  PRIVATE_MODE_MESSAGES,
  type SealedExportPage,
  type SealedExportQuery,
  type SessionUser,
  storedExtension,
} from '@daybook/shared';
import { ZipFile } from 'yazl';
import type { Executor } from '../../db/client.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { Storage } from '../../infra/storage/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { mimeForPath } from '../media/service.ts';
import {
  createExportRepository,
  type DayRange,
  type ExportCursor,
  type ExportRow,
  type VisibleEntries,
} from './repository.ts';

/** How export reads and writes (ADR 035). */
export const EXPORT_LIMITS = {
  /** Entries read, decrypted and held per round trip: the only text in memory at once. */
  pageSize: 100,
  /** Files sized at once for the summary (a stat on disk, a HEAD on S3). */
  sizeConcurrency: 8,
} as const;

/**
 * Zip bookkeeping per file: local header (30) + data descriptor (24 with ZIP64) + central record (46) + ZIP64
 * extra fields, plus the name twice. Used only for the estimate the progress bar measures against.
 */
const ZIP_OVERHEAD_PER_FILE = 140;
const PATH_CHARS = 60;
/** The README, deflated. */
const README_BYTES = 1500;
/** Per entry: the Markdown's front matter (stored as is) and the fixed fields of its entries.json record. */
const MARKDOWN_FIXED_BYTES = 350;
const JSON_FIXED_BYTES = 450;
/** entries.json deflated as one stream, measured on journal text. */
const JSON_COMPRESSION = 0.35;

export type ExportArchive = { fileName: string; stream: Readable };

/** AES-GCM base64 ciphertext → roughly the UTF-8 bytes it holds (the 16-byte tag removed). */
const plaintextBytes = (cipherChars: number, entries: number) =>
  Math.max(0, Math.floor((cipherChars * 3) / 4) - entries * 16);

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function createExportService(deps: {
  db: Executor;
  storage: Storage;
  keys: EntryKeys;
  clock: Clock;
  visibleEntries: VisibleEntries;
  /** Whether the account is in private mode, whose entries the server cannot read (ADR 094). */
  isPrivate: (userId: string) => Promise<boolean>;
}) {
  const { storage, keys, clock } = deps;

  /**
   * The archive is made by the server, which cannot read a private-mode account's entries: rather than an archive
   * of empty entries, export says it is not available until the browser builds it (ADR 094).
   */
  async function refusePrivate(user: SessionUser): Promise<void> {
    if (await deps.isPrivate(user.id))
      throw new AppError(
        'ENCRYPTION_VERSION_REFUSED',
        PRIVATE_MODE_MESSAGES.unavailableInPrivateMode('Export'),
      );
  }
  const repository = createExportRepository(deps.db, deps.visibleEntries);

  /** The entry's text, or '' when there is none or it does not decrypt (never thrown: one bad row spoils no export). */
  async function textOf(key: EntryKey, row: ExportRow): Promise<string> {
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
  function archiveEntry(
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

  return {
    /**
     * What the archive will hold: entries, media files and their bytes (sized in storage, since rows do not
     * record them), and the expected archive size for the progress bar.
     */
    async summary(user: SessionUser, range: DayRange): Promise<ExportSummary> {
      // Counts and sizes only, no text: a private account's browser-built export shows it too (ADR 099).
      const totals = await repository.totals(user.id, range);
      let mediaCount = 0;
      let mediaBytes = 0;
      let after: ExportCursor | null = null;
      for (;;) {
        const rows = await repository.mediaPage(user.id, range, after, EXPORT_LIMITS.pageSize * 5);
        if (rows.length === 0) break;
        const paths = rows.flatMap((row) => [
          ...(row.media_url ? [row.media_url] : []),
          ...(row.paths ?? []),
        ]);
        await eachLimited(paths, EXPORT_LIMITS.sizeConcurrency, async (path) => {
          const size = await storage.size(path).catch(() => null);
          if (size === null) return;
          mediaCount += 1;
          mediaBytes += size;
        });
        const last = rows[rows.length - 1]!;
        after = { cursor: last.cursor, id: last.id };
      }
      const files = 2 + totals.entryCount + mediaCount;
      const plaintext = plaintextBytes(totals.cipherChars, totals.entryCount);
      const textBytes =
        plaintext +
        totals.entryCount * MARKDOWN_FIXED_BYTES +
        (plaintext + totals.entryCount * JSON_FIXED_BYTES) * JSON_COMPRESSION;
      const estimatedBytes = Math.round(
        mediaBytes + textBytes + files * (ZIP_OVERHEAD_PER_FILE + PATH_CHARS) + README_BYTES,
      );
      return {
        entryCount: totals.entryCount,
        mediaCount,
        mediaBytes,
        estimatedBytes,
        firstDate: totals.firstDate,
        lastDate: totals.lastDate,
      };
    },

    /**
     * One page of a private-mode account's export, as stored (ADR 099): the browser opens the text and mood and
     * builds the archive itself. The server reads nothing of the text; it names where each file goes in the
     * archive (the same names as its own export) and its type, and the browser fetches the file through the
     * owner's signed link. For private-mode accounts only: a standard account's archive is made here.
     */
    async sealedPage(user: SessionUser, query: SealedExportQuery): Promise<SealedExportPage> {
      if (!(await deps.isPrivate(user.id)))
        throw new AppError('ENCRYPTION_VERSION_REFUSED', EXPORT_MESSAGES.sealedOnlyPrivate);
      const range = { from: query.from, to: query.to };
      const after =
        query.afterCursor && query.afterId ? { cursor: query.afterCursor, id: query.afterId } : null;
      const rows = await repository.page(user.id, range, after, EXPORT_LIMITS.pageSize);
      return {
        isLast: rows.length < EXPORT_LIMITS.pageSize,
        entries: rows.map((row) => ({
          id: row.id,
          cursor: row.cursor,
          encryptionVersion: row.encryption_version,
          encryptedContent: row.encrypted_content,
          encryptionIv: row.encryption_iv,
          encryptedMood: row.encrypted_mood,
          moodTag: row.mood_tag,
          title: row.title,
          category: row.category,
          contentType: row.content_type,
          sourceType: row.source_type,
          entryDate: row.entry_date,
          timeZone: row.time_zone ?? user.timezone,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          importKey: row.import_key,
          files: [
            ...(row.media_url
              ? [
                  {
                    attachmentId: null,
                    extension: storedExtension(row.media_url),
                    mimeType: mimeForPath(row.media_url, row.content_type),
                    contentType: row.content_type === 'text' ? ('image' as const) : row.content_type,
                  },
                ]
              : []),
            ...(row.attachments ?? []).map((stored) => ({
              attachmentId: stored.id,
              extension: storedExtension(stored.path),
              mimeType: mimeForPath(stored.path, stored.kind === 'pdf' ? null : stored.kind),
              contentType: stored.kind,
            })),
          ],
        })),
      };
    },

    /**
     * The archive as a stream, written while it is read (ADR 035): README.md, then each entry's Markdown file
     * followed by its media file, then entries.json. Nothing touches the disk. Entries are read a page at a time
     * and a page is handed to the zip writer only once the one before it is being written, so memory holds two
     * pages of text and one file's stream buffers whatever the archive's size; a slow client slows the reading
     * through back-pressure. Aborting `signal` (the client went away) stops reading and closes the open file.
     */
    async archive(user: SessionUser, range: DayRange, signal: AbortSignal): Promise<ExportArchive> {
      await refusePrivate(user);
      // The first page is read before the answer starts: a database that cannot answer is then a 503 the client
      // may retry, not a download cut short after its 200 went out (ADR 053).
      const rowPages = pages(user.id, range);
      const firstPage = await rowPages.next();
      async function* allPages(): AsyncGenerator<ExportRow[]> {
        if (firstPage.done) return;
        yield firstPage.value;
        yield* rowPages;
      }
      const now = clock.now();
      const exportedAt = now.toISOString();
      const timeZone = user.timezone;
      const zip = new ZipFile();
      const output = zip.outputStream as Readable;
      const fileOptions = { mtime: now, mode: 0o100644 };
      /** What each exported entry's media became, for entries.json (ids and three fields each: not the text). */
      const written = new Map<string, { media: ArchiveMedia | null; attachments: ArchiveAttachment[] }>();
      let openStream: Readable | null = null;
      let failure: Error | null = null;

      const stopped = new Promise<never>((_, reject) => {
        const stop = (error: Error) => {
          if (failure) return;
          failure = error;
          openStream?.destroy();
          reject(error);
        };
        signal.addEventListener('abort', () => stop(new Error('export aborted by the client')), {
          once: true,
        });
        zip.on('error', (error: Error) => stop(error));
        // Closed before its end was read: the response went away (Fastify destroys the stream it was sending).
        output.on('close', () => {
          if (!output.readableEnded) stop(new Error('archive stream closed'));
        });
      });
      stopped.catch(() => {});

      /** Queues one file, opened when the writer reaches it; resolves then, once every earlier file is written. */
      const addFile = (path: string, compress: boolean, open: () => Promise<Readable> | Readable) => {
        const started = Promise.race([
          stopped,
          new Promise<void>((resolve) => {
            zip.addReadStreamLazy(path, { ...fileOptions, compress }, (callback) => {
              resolve();
              Promise.resolve()
                .then(open)
                .then(
                  (stream) => {
                    openStream = stream;
                    // A read failure half-way leaves a broken zip: end the response with the error.
                    stream.on('error', (error) => zip.emit('error', error));
                    callback(null, stream);
                  },
                  (error) => callback(error, null as never),
                );
            });
          }),
        ]);
        // Not every start is awaited (only each page's last); a failure is reported once, through `stopped`.
        started.catch(() => {});
        return started;
      };

      const produce = async () => {
        const key = await keys.keyFor(user.id);
        await addFile(ARCHIVE_LAYOUT.readme, true, () =>
          Readable.from([
            Buffer.from(
              archiveReadme({
                exportedAt,
                timeZone,
                range: range.from || range.to ? normalRange(range) : null,
              }),
            ),
          ]),
        );
        /** The start of the last file of the page before: the producer stays one page ahead of the response. */
        let previousPage: Promise<void> = Promise.resolve();
        for await (const rows of allPages()) {
          let pageStarted: Promise<void> = Promise.resolve();
          for (const [index, row] of rows.entries()) {
            if (failure) return;
            const text = await textOf(key, row);
            let media: ArchiveMedia | null = null;
            const storagePath = row.media_url;
            if (storagePath) {
              const size = await storage.size(storagePath).catch(() => null);
              if (size !== null) {
                media = {
                  path: archiveMediaPathFor(row.id, storagePath),
                  mimeType: mimeForPath(storagePath, row.content_type),
                  sizeBytes: size,
                };
              }
            }
            // An imported entry's further attachments (ADR 088), numbered as the entry numbers them (after its
            // own attachment), so the text's marks still point at them once imported again.
            const further: { attachment: ArchiveAttachment; storagePath: string }[] = [];
            const first = row.content_type === 'text' ? 0 : 1;
            for (const [at, stored] of (row.attachments ?? []).entries()) {
              const size = await storage.size(stored.path).catch(() => null);
              if (size === null) continue;
              further.push({
                storagePath: stored.path,
                attachment: {
                  path: archiveAttachmentPath(row.id, first + at + 1, storedExtension(stored.path)),
                  mimeType: mimeForPath(stored.path, stored.kind === 'pdf' ? null : stored.kind),
                  sizeBytes: size,
                  contentType: stored.kind,
                },
              });
            }
            const attachments = further.map(({ attachment }) => attachment);
            const entry = archiveEntry(row, text, timeZone, media, attachments);
            written.set(row.id, { media, attachments });
            const markdown = Buffer.from(archiveMarkdown(entry));
            const isPageEnd = index === rows.length - 1 && !media && further.length === 0;
            // Small files go in as buffers (no stream per file); the page's last file is lazy, so its start says
            // when everything before it has been written.
            // Stored, not deflated: a zlib stream per file of a few hundred bytes cost more CPU and garbage than the
            // text it saved (measured, ADR 035); entries.json holds the same text deflated in one stream.
            if (isPageEnd) pageStarted = addFile(entry.markdownPath, false, () => Readable.from([markdown]));
            else zip.addBuffer(markdown, entry.markdownPath, { ...fileOptions, compress: false });
            if (media && storagePath) {
              // Photos, audio and video are compressed already: stored as they are, no CPU spent on deflate.
              // Opened only when the writer reaches them, so queued files hold no handle.
              pageStarted = addFile(media.path, false, async () => {
                const file = await storage.read(storagePath);
                if (!file) throw new Error(`media vanished during export: ${storagePath}`);
                return file.stream;
              });
            }
            for (const { attachment, storagePath: stored } of further) {
              pageStarted = addFile(attachment.path, false, async () => {
                const file = await storage.read(stored);
                if (!file) throw new Error(`media vanished during export: ${stored}`);
                return file.stream;
              });
            }
          }
          await previousPage;
          previousPage = pageStarted;
        }
        await previousPage;
        if (failure) return;
        await addFile(ARCHIVE_LAYOUT.manifest, true, () => Readable.from(manifest(), { objectMode: false }));
        zip.end();
      };

      /**
       * entries.json, written as it is read: a second pass over the same rows, limited to the entries whose
       * Markdown is in the archive (one deleted meanwhile drops out; one written meanwhile was never in).
       */
      async function* manifest(): AsyncGenerator<Buffer> {
        yield Buffer.from(
          archiveManifestHead({ exportedAt, range: range.from || range.to ? normalRange(range) : null }),
        );
        const key = await keys.keyFor(user.id);
        let first = true;
        for await (const rows of pages(user.id, range)) {
          let chunk = '';
          for (const row of rows) {
            const kept = written.get(row.id);
            if (!kept) continue;
            const entry = archiveEntry(row, await textOf(key, row), timeZone, kept.media, kept.attachments);
            chunk += archiveManifestEntry(entry, first);
            first = false;
          }
          if (chunk) yield Buffer.from(chunk);
          if (failure) return;
        }
        yield Buffer.from(archiveManifestTail(first));
      }

      produce().catch((error: Error) => {
        if (!failure) zip.emit('error', error);
      });
      // Any failure after the headers went out can only cut the response: the browser sees the download fail.
      const stream = output;
      stopped.catch((error: Error) => {
        if (!signal.aborted) stream.destroy(error);
        else stream.destroy();
      });
      return { fileName: archiveFileName(localDate(now, timeZone)), stream };
    },
  };
}

const normalRange = (range: DayRange) => ({ from: range.from ?? null, to: range.to ?? null });

export type ExportService = ReturnType<typeof createExportService>;
