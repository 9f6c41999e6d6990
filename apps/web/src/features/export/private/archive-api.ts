import {
  api,
  archiveFileName,
  type ExportSummary,
  localDate,
  PRIVATE_MODE,
  type SealedExportEntry,
  type SealedExportFile,
  type SealedExportPage,
} from '@daybook/shared';
import { ApiRequestError, callApi, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import type { ExportRange } from '../api.ts';

/*
 * The routes a private-mode account's browser-side export uses (ADR 099): the sealed export's pages and the owner's
 * signed media links. Every answer is parsed with its shared schema. The import's are in features/import.
 */

/** The account's entries as stored, oldest first, a page at a time (the export's own order, ADR 035). */
export async function* sealedEntries(
  range: ExportRange,
  signal: AbortSignal,
): AsyncGenerator<SealedExportEntry> {
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    // Typed here: `after` is narrowed in the loop, which TypeScript cannot infer through.
    const page: SealedExportPage = await callApi(api.export.sealed, {
      query: { ...range, afterCursor: after?.cursor, afterId: after?.id },
      signal,
    });
    yield* page.entries;
    const last = page.entries.at(-1);
    if (page.isLast || !last) return;
    after = { cursor: last.cursor, id: last.id };
  }
}

/**
 * A file's bytes as stored and served through the owner's signed link: the server opens what it sealed (key kind
 * 0); a file sealed in the browser (kind 1) comes as it is stored and the caller opens it. Null when the file is
 * gone (the entry is then exported without it, as the server's export does).
 */
export async function fetchEntryFile(
  entry: SealedExportEntry,
  file: SealedExportFile,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const { attachmentId } = file;
  let link: { url: string };
  try {
    link = attachmentId
      ? await callApi(api.media.attachmentUrl, { params: { id: entry.id, attachmentId }, signal })
      : await callApi(api.media.url, { params: { id: entry.id }, signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
  let response: Response;
  try {
    response = await fetch(link.url, { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  if (response.status === 404) return null;
  if (!response.ok)
    throw new ApiRequestError({
      status: response.status,
      code: 'EXPORT_FAILED',
      message: `A media file of your entry of ${entry.entryDate} could not be read. Please try again.`,
    });
  return new Uint8Array(await response.arrayBuffer());
}

/** The archive's name, from the day in the account's zone (as the server names its archive). */
export const privateArchiveName = (now: Date, timeZone: string) => archiveFileName(localDate(now, timeZone));

/** Whether an entry is sealed under the account key (ADR 094). */
export const isVersion2 = (entry: { encryptionVersion: number }) =>
  entry.encryptionVersion === PRIVATE_MODE.encryptionVersion;

export type { ExportSummary };
