import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadArchive } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

/** A response streaming `chunks` (each filled with its index) as the archive. */
function archiveResponse(chunks: number, chunkBytes: number): Response {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === chunks) return controller.close();
      controller.enqueue(new Uint8Array(chunkBytes).fill(sent));
      sent += 1;
    },
  });
  return new Response(body, {
    headers: { 'content-disposition': 'attachment; filename="daybook-export-2026-11-22.zip"' },
  });
}

describe('downloadArchive', () => {
  it('keeps every byte, in order, across the batches handed to the blob store', async () => {
    // 5 × 3 MB: folded into the Blob after the third chunk (9 MB ≥ 8 MB), the rest joined at the end.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => archiveResponse(5, 3 * 1024 * 1024)),
    );
    const progress: number[] = [];
    const archive = await downloadArchive(
      { from: '', to: '' },
      { signal: new AbortController().signal, onProgress: (bytes) => progress.push(bytes) },
    );
    expect(archive.fileName).toBe('daybook-export-2026-11-22.zip');
    expect(archive.bytes).toBe(15 * 1024 * 1024);
    expect(archive.blob.size).toBe(15 * 1024 * 1024);
    expect(progress).toHaveLength(5);
    const bytes = new Uint8Array(await archive.blob.arrayBuffer());
    for (let chunk = 0; chunk < 5; chunk++) expect(bytes[chunk * 3 * 1024 * 1024 + 17]).toBe(chunk);
  });
});
