import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview, type ImportReport } from '@daybook/shared';
import { Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { uploadArchive, useConfirmImport, useDiscardImport } from '../import-api.ts';
import { ImportPreviewSummary, ImportReportSummary } from './ImportSummaries.tsx';

type Step =
  | { kind: 'choose' }
  | { kind: 'uploading'; fileName: string; fraction: number }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'importing'; preview: ImportPreview }
  | { kind: 'done'; report: ImportReport }
  | { kind: 'failed'; message: string };

const messageOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : NETWORK_ERROR_MESSAGE;

/**
 * Import on /export (ADR 037): choose or drop a Daybook or Day One .zip, watch it upload, read the preview (how
 * many entries, from when to when, what will be skipped), then import and read the report. Nothing is written
 * before "Import" is pressed.
 */
export function ImportSection() {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [isDragging, setIsDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const confirmImport = useConfirmImport();
  const discardImport = useDiscardImport();
  const inputId = useId();
  const hintId = useId();
  const titleId = useId();
  const headingId = useId();

  async function start(file: File) {
    if (file.size > IMPORT_LIMITS.maxArchiveBytes) {
      setStep({ kind: 'failed', message: IMPORT_MESSAGES.tooLarge });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setStep({ kind: 'uploading', fileName: file.name, fraction: 0 });
    try {
      const preview = await uploadArchive(
        file,
        (fraction) => setStep({ kind: 'uploading', fileName: file.name, fraction }),
        controller.signal,
      );
      setStep({ kind: 'preview', preview });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') setStep({ kind: 'choose' });
      else setStep({ kind: 'failed', message: messageOf(error) });
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

  function onConfirm(preview: ImportPreview) {
    setStep({ kind: 'importing', preview });
    confirmImport.mutate(preview.id, {
      onSuccess: (report) => setStep({ kind: 'done', report }),
      onError: (error) => setStep({ kind: 'failed', message: messageOf(error) }),
    });
  }

  function onCancelPreview(preview: ImportPreview) {
    // Dropping the preview frees the media it validated; if that fails, it expires on its own within the hour.
    discardImport.mutate(preview.id);
    setStep({ kind: 'choose' });
  }

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
        {step.kind === 'choose' && (
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

        {step.kind === 'uploading' && (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              Uploading and checking <span className="font-medium">{step.fileName}</span>…
            </p>
            <ProgressBar
              value={step.fraction * 100}
              label="Uploading archive"
              valueText={step.fraction >= 1 ? 'Checking the archive' : `${Math.round(step.fraction * 100)}%`}
            />
            <div>
              <Button variant="outline" onClick={() => abort.current?.abort()}>
                Cancel
              </Button>
            </div>
          </div>
        )}

        {step.kind === 'preview' && (
          <ImportPreviewSummary
            preview={step.preview}
            onConfirm={() => onConfirm(step.preview)}
            onCancel={() => onCancelPreview(step.preview)}
          />
        )}

        {step.kind === 'importing' && (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              Importing {step.preview.newEntries.toLocaleString()} entries… Keep this page open.
            </p>
            {/* Indeterminate: the server writes in batches and answers once, so there is no honest percentage. */}
            <div
              role="progressbar"
              aria-label="Importing entries"
              aria-valuetext="Importing"
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full w-1/3 rounded-full bg-primary motion-safe:animate-pulse" />
            </div>
          </div>
        )}

        {step.kind === 'done' && (
          <ImportReportSummary report={step.report} onAgain={() => setStep({ kind: 'choose' })} />
        )}

        {step.kind === 'failed' && (
          <Alert variant="error" role="alert">
            <p>{step.message}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => setStep({ kind: 'choose' })}>
                Choose another archive
              </Button>
            </div>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
