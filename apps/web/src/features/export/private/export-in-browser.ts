import {
  buildArchive,
  deriveMediaKeyV2,
  type EntryKey,
  isUserSealedMedia,
  openMediaInBrowser,
  PRIVATE_MODE_MESSAGES,
} from '@daybook/shared';
import { openEntryText } from '../../../lib/encryption/entry-cipher.ts';
import { unlockedAccountKey } from '../../../lib/private-keys/private-mode.ts';
import type { ExportRange } from '../api.ts';
import { fetchEntryFile, isVersion2, sealedEntries } from './archive-api.ts';
import { type ZipSink, zipInto } from './zip-writer.ts';

/*
 * The export of a private-mode account, made in the browser (ADR 099): the sealed entries paged from the server,
 * each opened here (version 2 with the account key, any version 1 left with the version-1 key), their files fetched
 * through the owner's signed links (a file sealed under the account key opened here too), written by the shared
 * archive builder and zipped into the file the person chose. Nothing plain goes to the server.
 */

export class PrivateExportError extends Error {}

export type PrivateExportOptions = {
  userId: string;
  /** The account's zone: the README names it, and entries from before zones were recorded carry it. */
  accountZone: string;
  range: ExportRange;
  /** The version-1 key (lib/encryption/entry-key.ts), for entries written before private mode. */
  v1Key: EntryKey;
  sink: ZipSink;
  signal: AbortSignal;
  onEntry?: (done: number) => void;
  onBytes?: (written: number) => void;
  now?: Date;
};

export async function exportInBrowser(
  options: PrivateExportOptions,
): Promise<{ bytes: number; entries: number }> {
  const unlocked = await unlockedAccountKey(options.userId);
  if (!unlocked) throw new PrivateExportError(PRIVATE_MODE_MESSAGES.entryLocked);
  const mediaKey = await deriveMediaKeyV2(unlocked.key);
  const now = options.now ?? new Date();
  let entries = 0;
  const files = buildArchive({
    exportedAt: now.toISOString(),
    accountZone: options.accountZone,
    range:
      options.range.from || options.range.to
        ? { from: options.range.from || null, to: options.range.to || null }
        : null,
    entries: sealedEntries(options.range, options.signal),
    async open(entry) {
      const opened = await openEntryText(options.v1Key, entry, options.userId);
      // As the server's export: a text that does not open is exported empty rather than failing the export.
      const text = opened.isDecryptionFailed ? '' : opened.text;
      return { text, moodTag: isVersion2(entry) ? (opened.moodTag ?? null) : entry.moodTag };
    },
    async fetchFile(entry, file) {
      const bytes = await fetchEntryFile(entry, file, options.signal);
      if (!bytes || !isUserSealedMedia(bytes)) return bytes;
      return new Uint8Array(await (await openMediaInBrowser(bytes, mediaKey)).arrayBuffer());
    },
    onEntry(done) {
      entries = done;
      options.onEntry?.(done);
    },
    signal: options.signal,
  });
  const bytes = await zipInto(files, options.sink, { mtime: now, onBytes: options.onBytes });
  return { bytes, entries };
}
