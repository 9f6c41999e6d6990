import { EXPORT_MESSAGES } from '@daybook/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DownloadedArchive, downloadArchive, type ExportRange, saveFile } from '../api.ts';

export type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; receivedBytes: number; expectedBytes: number }
  | { kind: 'done'; fileName: string; bytes: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

/** Progress is re-rendered at most this often: a 1 GB download arrives in tens of thousands of chunks. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * One export at a time: start, its progress in bytes, cancel (aborts the request; the server stops), and how it
 * ended. Leaving the page cancels a running export.
 */
export function useExportDownload(options: { save?: (archive: DownloadedArchive) => void } = {}) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const save = options.save ?? ((archive: DownloadedArchive) => saveFile(archive.blob, archive.fileName));
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (range: ExportRange, expectedBytes: number) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'running', receivedBytes: 0, expectedBytes });
    let shownAt = 0;
    try {
      const archive = await downloadArchive(range, {
        signal: current.signal,
        onProgress: (receivedBytes) => {
          const now = performance.now();
          if (now - shownAt < PROGRESS_INTERVAL_MS) return;
          shownAt = now;
          setState({ kind: 'running', receivedBytes, expectedBytes });
        },
      });
      if (current.signal.aborted) return;
      saveRef.current(archive);
      setState({ kind: 'done', fileName: archive.fileName, bytes: archive.bytes });
    } catch (error) {
      if (current.signal.aborted) {
        setState({ kind: 'cancelled' });
        return;
      }
      setState({ kind: 'failed', message: error instanceof Error ? error.message : EXPORT_MESSAGES.failed });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
  }, []);

  const reset = useCallback(() => setState({ kind: 'idle' }), []);

  return { state, start, cancel, reset };
}
