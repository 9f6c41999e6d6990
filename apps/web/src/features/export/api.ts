import { ApiError, api, EXPORT_MESSAGES } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiUrl, callApi, NETWORK_ERROR_MESSAGE } from '../../lib/api-client.ts';
import { journalKeys } from '../../lib/query-keys.ts';

/*
 * The export API (packages/shared/src/schemas/export.ts): the summary that sizes an export, and the archive
 * itself, read as a stream so the page can show how far it has got and stop it.
 */

/** Inclusive local days; an empty string is an open end (left out of the query). */
export type ExportRange = { from: string; to: string };

/**
 * Kept under the journal's key: writing, editing or deleting an entry invalidates the journal, and with it what
 * an export would hold.
 */
export function exportSummaryQueryOptions(range: ExportRange) {
  return queryOptions({
    queryKey: [...journalKeys.all, 'export-summary', range.from, range.to] as const,
    queryFn: ({ signal }) => callApi(api.export.summary, { query: range, signal }),
  });
}

export function useExportSummary(range: ExportRange, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...exportSummaryQueryOptions(range), enabled });
}

export type DownloadedArchive = { blob: Blob; fileName: string; bytes: number };

const FILE_NAME = /filename="([^"]+)"/;
/** Chunks kept in the page's memory before they are handed to the blob store. */
const BLOB_BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Downloads the archive, reporting the bytes received as they arrive. Aborting `signal` stops the download (and
 * the server with it) and rejects with the AbortError. A failure before the archive starts is the server's
 * message; one part-way (the server stopped, the connection dropped) is the generic export failure.
 */
export async function downloadArchive(
  range: ExportRange,
  options: { signal: AbortSignal; onProgress: (receivedBytes: number) => void },
): Promise<DownloadedArchive> {
  let response: Response;
  try {
    response = await fetch(apiUrl(api.export.archive, { query: range }), {
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok || !response.body) {
    const parsed = ApiError.safeParse(await response.json().catch(() => undefined));
    const fallback = response.status === 429 ? EXPORT_MESSAGES.tooMany : EXPORT_MESSAGES.failed;
    throw new ApiRequestError({
      status: response.status,
      ...(parsed.success ? parsed.data : { code: 'EXPORT_FAILED', message: fallback }),
    });
  }

  const reader = response.body.getReader();
  // What has arrived is folded into a Blob every few megabytes: Blob data lives in the browser's blob store
  // (which Chromium and Firefox spill to disk when it is large), so the page's own memory holds one batch of
  // chunks at a time, not the whole archive.
  let archive = new Blob([], { type: 'application/zip' });
  let batch: Uint8Array<ArrayBuffer>[] = [];
  let batchBytes = 0;
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      batch.push(value as Uint8Array<ArrayBuffer>);
      batchBytes += value.byteLength;
      received += value.byteLength;
      if (batchBytes >= BLOB_BATCH_BYTES) {
        archive = new Blob([archive, ...batch], { type: 'application/zip' });
        batch = [];
        batchBytes = 0;
      }
      options.onProgress(received);
    }
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ApiRequestError({ status: 0, code: 'EXPORT_FAILED', message: EXPORT_MESSAGES.failed });
  }
  const fileName =
    FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'daybook-export.zip';
  return { blob: new Blob([archive, ...batch], { type: 'application/zip' }), fileName, bytes: received };
}

/** Hands a downloaded archive to the browser as a file download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked at once, some browsers drop a download they have not started reading; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
