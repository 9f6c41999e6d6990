import type { ArchiveFile } from '@daybook/shared';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/*
 * The archive's files zipped in the browser with fflate (ADR 099), chunk by chunk into a sink: the file the person
 * chose (showSaveFilePicker) or, where that is not offered, a Blob batched every few megabytes as the server
 * download is (api.ts). Markdown and media are stored and README.md and entries.json deflated, as the server does.
 */

export type ZipSink = {
  write(chunk: Uint8Array<ArrayBuffer>): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
};

/** Zips `files` into `sink`, one file at a time (what a file produced is written before the next is added). */
export async function zipInto(
  files: AsyncIterable<ArchiveFile>,
  sink: ZipSink,
  options: { mtime: Date; onBytes?: (written: number) => void },
): Promise<number> {
  const pending: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else pending.push(chunk as Uint8Array<ArrayBuffer>);
    if (final) finished = true;
  });
  let written = 0;
  const drain = async () => {
    if (failure) throw failure;
    while (pending.length > 0) {
      const chunk = pending.shift()!;
      await sink.write(chunk);
      written += chunk.byteLength;
      options.onBytes?.(written);
    }
  };
  try {
    for await (const file of files) {
      const entry = file.compress ? new ZipDeflate(file.path, { level: 6 }) : new ZipPassThrough(file.path);
      entry.mtime = options.mtime;
      zip.add(entry);
      entry.push(file.bytes, true);
      await drain();
    }
    zip.end();
    await drain();
    if (!finished) throw new Error('the zip did not finish');
    await sink.close();
    return written;
  } catch (error) {
    zip.terminate();
    await sink.abort().catch(() => undefined);
    throw error;
  }
}

/** Chunks kept in the page's memory before they are handed to the blob store. */
const BLOB_BATCH_BYTES = 8 * 1024 * 1024;

/** A Blob built as the zip is written, for browsers without a file picker. */
export function blobSink(): ZipSink & { blob(): Blob } {
  let archive = new Blob([], { type: 'application/zip' });
  let batch: Uint8Array<ArrayBuffer>[] = [];
  let batchBytes = 0;
  return {
    async write(chunk) {
      batch.push(chunk);
      batchBytes += chunk.byteLength;
      if (batchBytes >= BLOB_BATCH_BYTES) {
        archive = new Blob([archive, ...batch], { type: 'application/zip' });
        batch = [];
        batchBytes = 0;
      }
    },
    async close() {
      archive = new Blob([archive, ...batch], { type: 'application/zip' });
      batch = [];
    },
    async abort() {
      archive = new Blob([]);
      batch = [];
    },
    blob: () => archive,
  };
}

type WritableFile = {
  write(data: Uint8Array<ArrayBuffer>): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
};
type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableFile> }>;

/**
 * The file the person chooses to save the archive to, where the browser offers a picker (Chromium); null where it
 * does not (the Blob download then). Must be called from the click itself, before anything is awaited. A person
 * who closes the picker gets an AbortError, which the caller reads as a cancel.
 */
export async function pickSaveFile(fileName: string): Promise<ZipSink | null> {
  const picker = (globalThis as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (typeof picker !== 'function') return null;
  const handle = await picker({
    suggestedName: fileName,
    types: [{ description: 'Zip archive', accept: { 'application/zip': ['.zip'] } }],
  });
  const writable = await handle.createWritable();
  return {
    write: (chunk) => writable.write(chunk),
    close: () => writable.close(),
    abort: () => writable.abort(),
  };
}
