/*
 * What an export will hold, before it is made (ADR 035): entries, media files and their bytes, and the archive's
 * expected size for the progress bar. Apart because it reads counts and sizes only, no text, for a standard and a
 * private account alike.
 */
import type { ExportSummary, SessionUser } from '@daybook/shared';
import { EXPORT_LIMITS, type ExportContext } from './context.ts';
import type { DayRange, ExportCursor } from './repository.ts';

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

export function createExportSummary(ctx: ExportContext) {
  const { storage, repository } = ctx;

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
  };
}
