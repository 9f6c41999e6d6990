import { EXPORT_MESSAGES, type ExportSummary } from '@daybook/shared';
import { Archive, Download, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { type DownloadedArchive, type ExportRange, useExportSummary } from '../api.ts';
import { formatBytes, progressPercent } from '../format.ts';
import { useExportDownload } from '../hooks/use-export-download.ts';
import { ExportDateRange } from './ExportDateRange.tsx';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function SummarySkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-2">
      <span className="sr-only">Counting your entries</span>
      <Skeleton className="h-5 w-64 max-w-full" />
      <Skeleton className="h-4 w-48 max-w-full" />
    </div>
  );
}

function SummaryText({ summary }: { summary: ExportSummary }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="font-medium">
        {plural(summary.entryCount, 'entry', 'entries')}
        {summary.firstDate && summary.lastDate
          ? ` from ${formatDay('mediumDate', summary.firstDate)} to ${formatDay('mediumDate', summary.lastDate)}`
          : null}
      </p>
      <p className="text-sm text-muted-foreground">
        {summary.mediaCount > 0
          ? `${plural(summary.mediaCount, 'media file')} (${formatBytes(summary.mediaBytes)}). `
          : 'No photos, audio or video. '}
        The archive will be about {formatBytes(summary.estimatedBytes)}.
      </p>
    </div>
  );
}

type ExportSectionProps = {
  /** Test seam: where a finished archive goes (the browser's download by default). */
  onSave?: (archive: DownloadedArchive) => void;
};

/**
 * Export: an optional date range, what it holds, then one .zip with entries.json, a Markdown file per entry, the
 * media and a README (ADR 035). The download shows its progress against the summary's estimate and can be
 * cancelled; the server keeps nothing.
 */
export function ExportSection({ onSave }: ExportSectionProps) {
  const [range, setRange] = useState<ExportRange>({ from: '', to: '' });
  const isReversed = Boolean(range.from && range.to && range.from > range.to);
  const summary = useExportSummary(range, { enabled: !isReversed });
  const { state, start, cancel, reset } = useExportDownload({ save: onSave });
  const isRunning = state.kind === 'running';
  const exportButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  // Focus follows the control that replaced the one just pressed, so keyboard users are never dropped.
  useEffect(() => {
    if (isRunning) cancelButton.current?.focus();
    else if (document.activeElement === document.body) exportButton.current?.focus();
  }, [isRunning]);

  const update = (field: keyof ExportRange, value: string) => {
    setRange((current) => ({ ...current, [field]: value }));
    if (!isRunning) reset();
  };

  const data = summary.data;
  const isEmpty = data?.entryCount === 0;

  let overview: ReactNode;
  if (isReversed) overview = null;
  else if (summary.isPending) overview = <SummarySkeleton />;
  else if (summary.isError)
    overview = (
      <Alert variant="error" role="alert">
        <p>What your export holds could not be counted. {summary.error.message}</p>
        <Button size="sm" variant="outline" className="self-start" onClick={() => void summary.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (isEmpty)
    overview = (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
        <Archive aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{range.from || range.to ? EXPORT_MESSAGES.noEntries : 'No entries yet'}</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {range.from || range.to
            ? 'Choose other dates, or clear them to export everything.'
            : 'Once you write, you can take every entry with you from here.'}
        </p>
      </div>
    );
  else if (data) overview = <SummaryText summary={data} />;

  const canExport = !isReversed && Boolean(data) && !isEmpty && !isRunning;

  return (
    <Card aria-labelledby="export-heading" role="region">
      <CardHeader>
        <h2 id="export-heading" className="text-xl font-semibold">
          Export your journal
        </h2>
        <p className="text-sm text-muted-foreground">
          One .zip file with every entry as Markdown and in entries.json, your photos, audio and video, and a
          README that explains it all. Leave the dates empty to export everything.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ExportDateRange range={range} onChange={update} isRunning={isRunning} isReversed={isReversed} />

        <div aria-live="polite">{overview}</div>

        {isRunning ? (
          <div className="flex flex-col gap-3">
            <ProgressBar
              label="Export progress"
              value={progressPercent(state.receivedBytes, state.expectedBytes)}
              valueText={`${formatBytes(state.receivedBytes)} of about ${formatBytes(state.expectedBytes)}`}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground" aria-hidden="true">
                {formatBytes(state.receivedBytes)} of about {formatBytes(state.expectedBytes)}
              </p>
              <Button ref={cancelButton} variant="outline" onClick={cancel}>
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
            onClick={() => data && void start(range, data.estimatedBytes)}
          >
            <Download aria-hidden="true" />
            Export
          </Button>
        )}

        <div aria-live="polite" className="empty:hidden">
          {state.kind === 'done' ? (
            <Alert variant="success" role="status">
              <p>
                Your archive {state.fileName} ({formatBytes(state.bytes)}) has been downloaded. It is not
                encrypted: keep it somewhere safe.
              </p>
            </Alert>
          ) : null}
          {state.kind === 'cancelled' ? (
            <Alert role="status">
              <p>{EXPORT_MESSAGES.cancelled}. Nothing was kept on the server.</p>
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
