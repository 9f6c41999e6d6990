import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { journalKeys } from '../../../lib/query-keys.ts';
import { uploadArchive, useCancelImport, useConfirmImport, useCurrentImport, useShowImport } from '../api.ts';
import { ImportPreviewSummary, ImportReportSummary } from './ImportSummaries.tsx';

/** What this tab is doing before the server has the archive; from then on the import itself says where it is. */
type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; fileName: string; fraction: number }
  | { kind: 'refused'; message: string };

const messageOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : NETWORK_ERROR_MESSAGE;

const count = (n: number) => n.toLocaleString();

/** A preview past its hour can no longer be confirmed: the server would answer that it expired. */
const isExpired = (preview: ImportPreview) => new Date(preview.expiresAt).getTime() <= Date.now();

/**
 * Import on /export (ADR 037, ADR 077): choose or drop a Daybook or Day One .zip and watch it upload; a job on the
 * server checks it while the bar shows how far, then the preview says what it holds (how many entries, from when
 * to when, what will be skipped); "Import" has a job write it, with progress, and the report follows. The page may
 * be left and come back to at any step: the import is the server's, and this section shows where it is.
 */
export function ImportSection() {
  const [upload, setUpload] = useState<UploadState>({ kind: 'idle' });
  const [isDragging, setIsDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const current = useCurrentImport();
  const showImport = useShowImport();
  const confirmImport = useConfirmImport();
  const cancelImport = useCancelImport();
  const client = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const titleId = useId();
  const headingId = useId();
  const job = current.data ?? null;

  // Once the entries are written, every list, calendar, streak and chart may change.
  const jobId = job?.id;
  const isDone = job?.state === 'done';
  useEffect(() => {
    if (isDone && jobId) void client.invalidateQueries({ queryKey: journalKeys.all });
  }, [client, isDone, jobId]);

  async function start(file: File) {
    if (file.size > IMPORT_LIMITS.maxArchiveBytes) {
      setUpload({ kind: 'refused', message: IMPORT_MESSAGES.tooLarge });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ kind: 'uploading', fileName: file.name, fraction: 0 });
    try {
      const queued = await uploadArchive(
        file,
        (fraction) => setUpload({ kind: 'uploading', fileName: file.name, fraction }),
        controller.signal,
      );
      showImport(queued);
      setUpload({ kind: 'idle' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') setUpload({ kind: 'idle' });
      else setUpload({ kind: 'refused', message: messageOf(error) });
    } finally {
      abort.current = null;
    }
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void start(file);
  }

  /** Cancels, drops or dismisses the import; a failure to reach the server is said where the import shows. */
  const cancel = (id: string) => cancelImport.mutate(id);
  const isChoosing = upload.kind === 'idle' && (job === null || job.state === 'cancelled');

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <h2 id={headingId} className="text-xl font-semibold">
          Import entries
        </h2>
        <p className="text-sm text-muted-foreground">
          Bring in a Daybook export or Day One&rsquo;s JSON export (the .zip of your journals, every journal
          in it). Entries keep their dates, are encrypted like everything you write, and do not count against
          your daily limit. Importing the same archive again, or your own Daybook export, adds nothing.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {current.isPending && upload.kind === 'idle' && (
          <div className="flex flex-col gap-2" aria-hidden="true" data-testid="import-loading">
            <div className="h-28 animate-pulse rounded-lg bg-muted" />
          </div>
        )}

        {!current.isPending && isChoosing && (
          <label
            htmlFor={inputId}
            onDragOver={(event) => {
              event.preventDefault();
              setIsDragging(true);
            }}
            onDragLeave={() => setIsDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center',
              'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:bg-muted/60',
              isDragging && 'border-primary bg-tint',
            )}
          >
            <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
            <span id={titleId} className="font-medium">
              Choose a .zip archive or drop it here
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
              data-testid="import-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void start(file);
              }}
            />
          </label>
        )}

        {upload.kind === 'uploading' && (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              Uploading <span className="font-medium">{upload.fileName}</span>…
            </p>
            <ProgressBar
              value={upload.fraction * 100}
              label="Uploading archive"
              valueText={`${Math.round(upload.fraction * 100)}%`}
            />
            <div>
              <Button variant="outline" onClick={() => abort.current?.abort()}>
                Cancel
              </Button>
            </div>
          </div>
        )}

        {upload.kind === 'refused' && (
          <Alert variant="error" role="alert">
            <p>{upload.message}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => setUpload({ kind: 'idle' })}>
                Choose another archive
              </Button>
            </div>
          </Alert>
        )}

        {upload.kind === 'idle' && job?.state === 'checking' && (
          <ImportProgress
            text={
              job.progress.done > 0
                ? `Checking the archive: ${count(job.progress.done)} entries read…`
                : 'Checking the archive…'
            }
            label="Checking archive"
            fraction={job.progress.fraction}
            onCancel={() => cancel(job.id)}
            cancelLabel="Cancel"
          />
        )}

        {upload.kind === 'idle' && job?.state === 'ready' && job.preview && isExpired(job.preview) && (
          <Alert variant="error" role="alert">
            <p>{IMPORT_MESSAGES.expired}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => cancel(job.id)}>
                Choose another archive
              </Button>
            </div>
          </Alert>
        )}

        {upload.kind === 'idle' && job?.state === 'ready' && job.preview && !isExpired(job.preview) && (
          <ImportPreviewSummary
            preview={job.preview}
            isConfirming={confirmImport.isPending}
            onConfirm={() => confirmImport.mutate(job.id)}
            onCancel={() => cancel(job.id)}
          />
        )}

        {upload.kind === 'idle' && job?.state === 'importing' && (
          <ImportProgress
            text={`Importing ${count(job.progress.done)} of ${count(job.progress.total ?? 0)} entries…`}
            label="Importing entries"
            fraction={job.progress.fraction}
            onCancel={() => cancel(job.id)}
            cancelLabel="Cancel and remove what was imported"
          />
        )}

        {upload.kind === 'idle' && job?.state === 'done' && job.report && (
          <ImportReportSummary report={job.report} onAgain={() => cancel(job.id)} />
        )}

        {upload.kind === 'idle' && job?.state === 'failed' && (
          <Alert variant="error" role="alert">
            <p>{job.error?.message}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => cancel(job.id)}>
                Choose another archive
              </Button>
            </div>
          </Alert>
        )}

        {(current.isError || confirmImport.isError || cancelImport.isError) && (
          <Alert variant="error" role="alert">
            <p>{messageOf(current.error ?? confirmImport.error ?? cancelImport.error)}</p>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** A job at work on the server: what it is doing, how far, and a way to stop it. The page may be left meanwhile. */
function ImportProgress({
  text,
  label,
  fraction,
  onCancel,
  cancelLabel,
}: {
  text: string;
  label: string;
  fraction: number;
  onCancel: () => void;
  cancelLabel: string;
}) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm" aria-live="polite">
        {text}
      </p>
      <ProgressBar value={fraction * 100} label={label} valueText={`${Math.round(fraction * 100)}%`} />
      <p className="text-sm text-muted-foreground">
        This runs on the server: you can leave this page and come back.
      </p>
      <div>
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
