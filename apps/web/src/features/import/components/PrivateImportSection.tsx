import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  PRIVATE_IMPORT_MESSAGES,
  type PrivateImportReport,
} from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { plural } from '../../../lib/count-label.ts';
import { formatDay } from '../../../lib/dates.ts';
import { journalKeys } from '../../../lib/query-keys.ts';
import { useRemoveImportBatch } from '../api.ts';
import {
  type PreparedImport,
  PrivateImportError,
  prepareImport,
  runImport,
} from '../private/import-in-browser.ts';
import { SkippedList, SOURCE_NAMES } from './ImportSummaries.tsx';

type State =
  | { kind: 'idle' }
  | { kind: 'reading'; fileName: string; entries: number }
  | { kind: 'ready'; prepared: PreparedImport }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; report: PrivateImportReport }
  | { kind: 'stopped'; done: number }
  | { kind: 'failed'; message: string };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const messageOf = (error: unknown) =>
  error instanceof PrivateImportError || error instanceof ApiRequestError
    ? error.message
    : NETWORK_ERROR_MESSAGE;

/**
 * Import for a private-mode account (ADR 099): the archive is read, checked and sealed in this browser and only
 * ciphertext goes to the server, with the server import's preview (how many, from when to when, already there,
 * what is left out), progress, cancel, and the same undo (the import is one batch under "Your imports"). An import
 * stopped half-way goes on when the same archive is chosen again. Every attachment comes in with its entry, checked,
 * thumbnailed and sealed here (ADR 099, amended); the preview counts them and names only those left out.
 */
export function PrivateImportSection({ userId, accountZone }: { userId: string; accountZone: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const client = useQueryClient();
  const remove = useRemoveImportBatch();
  const inputId = useId();
  const hintId = useId();
  const titleId = useId();
  const headingId = useId();

  useEffect(() => () => controller.current?.abort(), []);

  async function choose(file: File) {
    if (file.size > IMPORT_LIMITS.maxArchiveBytes) {
      setState({ kind: 'failed', message: IMPORT_MESSAGES.tooLarge });
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'reading', fileName: file.name, entries: 0 });
    try {
      const prepared = await prepareImport(userId, file, {
        fallbackZone: accountZone,
        signal: current.signal,
        onRead: (entries) =>
          setState((was) => (was.kind === 'reading' && entries % 100 === 0 ? { ...was, entries } : was)),
      });
      setState({ kind: 'ready', prepared });
    } catch (error) {
      setState(
        current.signal.aborted || isAbort(error)
          ? { kind: 'idle' }
          : { kind: 'failed', message: messageOf(error) },
      );
    }
  }

  async function confirm(prepared: PreparedImport) {
    const current = new AbortController();
    controller.current = current;
    const total = prepared.preview.newEntries;
    let done = 0;
    setState({ kind: 'importing', done: 0, total });
    try {
      const report = await runImport(userId, prepared, {
        signal: current.signal,
        onProgress: (sent) => {
          done = sent;
          setState({ kind: 'importing', done: sent, total });
        },
      });
      setState({ kind: 'done', report });
    } catch (error) {
      if (current.signal.aborted || isAbort(error)) setState({ kind: 'stopped', done });
      else setState({ kind: 'failed', message: messageOf(error) });
    } finally {
      // Whatever was written shows in the journal and under "Your imports".
      void client.invalidateQueries({ queryKey: journalKeys.all });
    }
  }

  const again = () => setState({ kind: 'idle' });

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <h2 id={headingId} className="text-xl font-semibold">
          Import entries
        </h2>
        <p className="text-sm text-muted-foreground">
          Bring in a Daybook export or Day One&rsquo;s JSON export. Your journal is in private mode, so this
          browser reads the archive and encrypts each entry before it is sent: the server never sees the text.
          Entries keep their dates and do not count against your daily limit. Importing the same archive
          again, or your own export, adds nothing.
        </p>
        <p className="text-sm text-muted-foreground">{PRIVATE_IMPORT_MESSAGES.attachmentsSealed}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {state.kind === 'idle' && (
          <label
            htmlFor={inputId}
            className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:bg-muted/60"
          >
            <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
            <span id={titleId} className="font-medium">
              Choose a .zip archive
            </span>
            <span id={hintId} className="text-sm text-muted-foreground">
              Daybook or Day One export, up to 1 GB. You will see what it holds before anything is imported.
            </span>
            <input
              id={inputId}
              type="file"
              accept=".zip,application/zip,application/x-zip-compressed"
              aria-labelledby={titleId}
              aria-describedby={hintId}
              className="sr-only"
              data-testid="private-import-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void choose(file);
              }}
            />
          </label>
        )}

        {state.kind === 'reading' && (
          <div className="flex flex-col gap-3">
            <p className="text-sm" aria-live="polite">
              Reading <span className="font-medium">{state.fileName}</span> in this browser
              {state.entries > 0 ? `: ${plural(state.entries, 'entry', 'entries')} read…` : '…'}
            </p>
            <div>
              <Button variant="outline" onClick={() => controller.current?.abort()}>
                Cancel
              </Button>
            </div>
          </div>
        )}

        {state.kind === 'ready' && (
          <PreviewPanel prepared={state.prepared} onConfirm={confirm} onCancel={again} />
        )}

        {state.kind === 'importing' && (
          <div className="flex flex-col gap-3">
            <p className="text-sm" aria-live="polite">
              Encrypting and importing {state.done.toLocaleString()} of {state.total.toLocaleString()}{' '}
              entries…
            </p>
            <ProgressBar
              value={state.total > 0 ? (state.done / state.total) * 100 : 0}
              label="Importing entries"
              valueText={`${state.done.toLocaleString()} of ${state.total.toLocaleString()} entries`}
            />
            <p className="text-sm text-muted-foreground">
              This runs in this browser: keep this page open. If it stops, choose the same archive again to go
              on.
            </p>
            <div>
              <Button variant="outline" onClick={() => controller.current?.abort()}>
                Stop importing
              </Button>
            </div>
          </div>
        )}

        {state.kind === 'stopped' && (
          <Alert role="status">
            <p>
              Import stopped after {plural(state.done, 'entry', 'entries')}. Choose the same archive again to
              go on, or remove what was imported under &ldquo;Your imports&rdquo;.
            </p>
            <div>
              <Button variant="outline" size="sm" onClick={again}>
                Choose an archive
              </Button>
            </div>
          </Alert>
        )}

        {state.kind === 'done' && (
          <div className="flex flex-col gap-4">
            <Alert variant="success" role="status">
              <p className="font-medium">
                Imported {plural(state.report.imported, 'entry', 'entries')}, encrypted in this browser.
              </p>
              {state.report.duplicates > 0 && (
                <p>{plural(state.report.duplicates, 'entry', 'entries')} were already there.</p>
              )}
            </Alert>
            <SkippedList skipped={state.report.skipped} count={state.report.skippedCount} verb="skipped" />
            {state.report.crisisResources && (
              <Alert role="note">
                <p>{state.report.crisisResources}</p>
              </Alert>
            )}
            {remove.isError && (
              <Alert variant="error" role="alert">
                <p>{messageOf(remove.error)}</p>
              </Alert>
            )}
            <div className="flex flex-wrap gap-3">
              <Button asChild>
                <Link to="/dashboard">See them on your dashboard</Link>
              </Button>
              {state.report.batchId && state.report.imported > 0 && (
                <Button
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() =>
                    state.report.batchId &&
                    remove.mutate(state.report.batchId, { onSuccess: () => setState({ kind: 'idle' }) })
                  }
                >
                  Undo this import
                </Button>
              )}
              <Button variant="outline" onClick={again}>
                Import another archive
              </Button>
            </div>
          </div>
        )}

        {state.kind === 'failed' && (
          <Alert variant="error" role="alert">
            <p>{state.message}</p>
            <div>
              <Button variant="outline" size="sm" onClick={again}>
                Choose another archive
              </Button>
            </div>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function PreviewPanel({
  prepared,
  onConfirm,
  onCancel,
}: {
  prepared: PreparedImport;
  onConfirm: (prepared: PreparedImport) => void;
  onCancel: () => void;
}) {
  const { preview } = prepared;
  const hasNew = preview.newEntries > 0;
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-semibold">Ready to import: {SOURCE_NAMES[preview.source]}</h3>
      {prepared.resumeBatchId && (
        <Alert role="status">
          <p>
            This archive was being imported before: the entries already in are skipped, and the rest join that
            import.
          </p>
        </Alert>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Entries to import</dt>
        <dd className="font-medium">{preview.newEntries.toLocaleString()}</dd>
        {preview.firstDate && preview.lastDate && (
          <>
            <dt className="text-muted-foreground">From</dt>
            <dd className="font-medium">
              {formatDay('mediumDate', preview.firstDate)} to {formatDay('mediumDate', preview.lastDate)}
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">Already imported</dt>
        <dd className="font-medium">{preview.duplicates.toLocaleString()}</dd>
        <dt className="text-muted-foreground">Attachments</dt>
        <dd className="font-medium">{preview.attachments.toLocaleString()}</dd>
        {preview.attachmentsLeftOut > 0 && (
          <>
            <dt className="text-muted-foreground">Attachments left out</dt>
            <dd className="font-medium">{preview.attachmentsLeftOut.toLocaleString()}</dd>
          </>
        )}
      </dl>
      {preview.newEntries > preview.archiveEntries && (
        <p className="text-sm text-muted-foreground">
          Entries longer than 5,000 characters are split into consecutive entries.
        </p>
      )}
      <SkippedList skipped={preview.skipped} count={preview.skippedCount} verb="will be skipped" />
      {!hasNew && (
        <Alert role="status">
          <p>Everything in this archive is already in your journal.</p>
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        {hasNew && (
          <Button onClick={() => onConfirm(prepared)}>
            Import {plural(preview.newEntries, 'entry', 'entries')}
          </Button>
        )}
        <Button variant="outline" onClick={onCancel}>
          {hasNew ? 'Cancel' : 'Choose another archive'}
        </Button>
      </div>
    </div>
  );
}
