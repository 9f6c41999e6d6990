/*
 * A standard account's archive as a stream, written while it is read (ADR 035, ADR 053, ADR 088): README.md, each
 * entry's Markdown and files, then entries.json, with back-pressure and the client going away handled. Apart
 * because it is the one part that writes a zip.
 */
import { Readable } from 'node:stream';
import {
  ARCHIVE_LAYOUT,
  type ArchiveAttachment,
  type ArchiveMedia,
  archiveAttachmentPath,
  archiveFileName,
  archiveManifestEntry,
  archiveManifestHead,
  archiveManifestTail,
  archiveMarkdown,
  archiveMediaPathFor,
  archiveReadme,
  localDate,
  PRIVATE_MODE_MESSAGES,
  type SessionUser,
  storedExtension,
} from '@daybook/shared';
import { ZipFile } from 'yazl';
import { AppError } from '../../lib/errors.ts';
import { mimeForPath } from '../media/service.ts';
import { type ArchiveRows, archiveEntry, normalRange, textOf } from './archive-rows.ts';
import type { ExportContext } from './context.ts';
import type { DayRange, ExportRow } from './repository.ts';

export type ExportArchive = { fileName: string; stream: Readable };

export function createExportArchive(ctx: ExportContext, rows: ArchiveRows) {
  const { storage, keys, clock } = ctx;
  const { pages } = rows;

  /**
   * The archive is made by the server, which cannot read a private-mode account's entries: rather than an archive
   * of empty entries, export says it is not available until the browser builds it (ADR 094).
   */
  async function refusePrivate(user: SessionUser): Promise<void> {
    if (await ctx.isPrivate(user.id))
      throw new AppError(
        'ENCRYPTION_VERSION_REFUSED',
        PRIVATE_MODE_MESSAGES.unavailableInPrivateMode('Export'),
      );
  }

  return {
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
