import { EXPORT_MESSAGES } from '@daybook/shared';
import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { plural } from '../../../lib/count-label.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { type ExportRange, saveFile, useExportSummary } from '../api.ts';
import { formatBytes } from '../format.ts';
import { privateArchiveName } from '../private/archive-api.ts';
import { exportInBrowser, PrivateExportError } from '../private/export-in-browser.ts';
import { blobSink, pickSaveFile, type ZipSink } from '../private/zip-writer.ts';
import { ExportDateRange } from './ExportDateRange.tsx';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number; bytes: number }
  | { kind: 'done'; fileName: string; bytes: number; entries: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Export for a private-mode account (ADR 099): the server cannot read the journal, so this browser builds the
 * archive, the same one the server's export makes (ADR 035), and writes it to the file the person chooses (or a
 * download where the browser offers no file picker). Progress counts entries; Cancel stops at once.
 */
export function PrivateExportSection({ userId, accountZone }: { userId: string; accountZone: string }) {
  const [range, setRange] = useState<ExportRange>({ from: '', to: '' });
  const [state, setState] = useState<State>({ kind: 'idle' });
  const isReversed = Boolean(range.from && range.to && range.from > range.to);
  const summary = useExportSummary(range, { enabled: !isReversed });
  const cipher = useEntryCipher();
  const controller = useRef<AbortController | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const exportButton = useRef<HTMLButtonElement>(null);
  const isRunning = state.kind === 'running';

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (isRunning) cancelButton.current?.focus();
    else if (document.activeElement === document.body) exportButton.current?.focus();
  }, [isRunning]);

  async function start() {
    const total = summary.data?.entryCount ?? 0;
    const fileName = privateArchiveName(new Date(), accountZone);
    const current = new AbortController();
    controller.current = current;
    let sink: ZipSink | null;
    try {
      // The picker first, from the click itself (browsers ask for the gesture).
      sink = await pickSaveFile(fileName);
    } catch (error) {
      if (isAbort(error)) return;
      sink = null;
    }
    const download = sink ? null : blobSink();
    setState({ kind: 'running', done: 0, total, bytes: 0 });
    let shownAt = 0;
    try {
      const result = await exportInBrowser({
        userId,
        accountZone,
        range,
        v1Key: await cipher.getKey(),
        sink: sink ?? download!,
        signal: current.signal,
        onEntry: (done) => {
          const now = performance.now();
          if (now - shownAt < 100 && done < total) return;
          shownAt = now;
          setState((was) => (was.kind === 'running' ? { ...was, done } : was));
        },
        onBytes: (bytes) => setState((was) => (was.kind === 'running' ? { ...was, bytes } : was)),
      });
      if (download) saveFile(download.blob(), fileName);
      setState({ kind: 'done', fileName, bytes: result.bytes, entries: result.entries });
    } catch (error) {
      if (current.signal.aborted || isAbort(error)) setState({ kind: 'cancelled' });
      else
        setState({
          kind: 'failed',
          message:
            error instanceof ApiRequestError || error instanceof PrivateExportError
              ? error.message
              : EXPORT_MESSAGES.failed,
        });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }

  const data = summary.data;
  const canExport = !isReversed && Boolean(data) && data?.entryCount !== 0 && !isRunning;
  const update = (field: keyof ExportRange, value: string) => {
    setRange((was) => ({ ...was, [field]: value }));
    if (!isRunning) setState({ kind: 'idle' });
  };

  return (
    <Card aria-labelledby="export-heading" role="region">
      <CardHeader>
        <h2 id="export-heading" className="text-xl font-semibold">
          Export your journal
        </h2>
        <p className="text-sm text-muted-foreground">
          Your journal is in private mode, so this browser opens your entries and builds the archive here: one
          .zip with every entry as Markdown and in entries.json, your photos, audio and video, and a README.
          The server never sees it. Leave the dates empty to export everything.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ExportDateRange range={range} onChange={update} isRunning={isRunning} isReversed={isReversed} />

        <div aria-live="polite">
          {summary.isError ? (
            <Alert variant="error" role="alert">
              <p>What your export holds could not be counted. {summary.error.message}</p>
            </Alert>
          ) : data ? (
            <p className="font-medium">
              {data.entryCount === 0
                ? range.from || range.to
                  ? EXPORT_MESSAGES.noEntries
                  : 'No entries yet'
                : `${plural(data.entryCount, 'entry', 'entries')}${data.mediaCount > 0 ? ` and ${plural(data.mediaCount, 'media file')}` : ''}`}
            </p>
          ) : null}
        </div>

        {state.kind === 'running' ? (
          <div className="flex flex-col gap-3">
            <ProgressBar
              label="Export progress"
              value={state.total > 0 ? (state.done / state.total) * 100 : 0}
              valueText={`${state.done.toLocaleString()} of ${state.total.toLocaleString()} entries`}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground" aria-hidden="true">
                {state.done.toLocaleString()} of {state.total.toLocaleString()} entries,{' '}
                {formatBytes(state.bytes)} written
              </p>
              <Button ref={cancelButton} variant="outline" onClick={() => controller.current?.abort()}>
                <X aria-hidden="true" />
                Cancel export
              </Button>
            </div>
          </div>
        ) : (
          <Button
            ref={exportButton}
            className="self-start"
            disabled={!canExport}
            onClick={() => void start()}
          >
            <Download aria-hidden="true" />
            Export
          </Button>
        )}

        <div aria-live="polite" className="empty:hidden">
          {state.kind === 'done' ? (
            <Alert variant="success" role="status">
              <p>
                Your archive {state.fileName} ({plural(state.entries, 'entry', 'entries')},{' '}
                {formatBytes(state.bytes)}) is saved. It is not encrypted: keep it somewhere safe.
              </p>
            </Alert>
          ) : null}
          {state.kind === 'cancelled' ? (
            <Alert role="status">
              <p>{EXPORT_MESSAGES.cancelled}. Nothing was sent to the server.</p>
            </Alert>
          ) : null}
        </div>
        {state.kind === 'failed' ? (
          <Alert variant="error" role="alert">
            <p>{state.message}</p>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
