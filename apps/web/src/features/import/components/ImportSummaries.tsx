import type { ImportPreview, ImportReport, ImportSkip } from '@daybook/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { plural } from '../../../lib/count-label.ts';
import { formatDay } from '../../../lib/dates.ts';

export const SOURCE_NAMES = { daybook: 'Daybook export', dayone: 'Day One export' } as const;

/** What will not be (or was not) imported, and why; long lists fold away. */
export function SkippedList({
  skipped,
  count,
  verb,
}: {
  skipped: ImportSkip[];
  count: number;
  verb: string;
}) {
  if (count === 0) return null;
  return (
    <details className="rounded-lg border px-4 py-3 text-sm" open={count <= 5}>
      <summary className="cursor-pointer font-medium">
        {plural(count, 'item')} {verb}
      </summary>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
        {skipped.map((skip, index) => (
          // Items may repeat (two entries of one day), so the position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={index}>
            <span className="break-all text-foreground">{skip.item}</span>: {skip.reason}
          </li>
        ))}
        {count > skipped.length && <li>…and {plural(count - skipped.length, 'more item')}</li>}
      </ul>
    </details>
  );
}

export function ImportPreviewSummary({
  preview,
  onConfirm,
  onCancel,
  isConfirming = false,
}: {
  preview: ImportPreview;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmation is on its way to the server: the button is not pressed twice. */
  isConfirming?: boolean;
}) {
  // Attachments an earlier import left out (a plan that could not hold them) join their entries now.
  const hasNew = preview.newEntries > 0 || preview.attachments > 0;
  const confirmLabel =
    preview.newEntries > 0
      ? `Import ${plural(preview.newEntries, 'entry', 'entries')}`
      : `Add ${plural(preview.attachments, 'attachment')}`;
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-semibold">Ready to import: {SOURCE_NAMES[preview.source]}</h3>
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
        <dt className="text-muted-foreground">Photos, audio and video</dt>
        <dd className="font-medium">{preview.media.toLocaleString()}</dd>
        <dt className="text-muted-foreground">Already imported</dt>
        <dd className="font-medium">{preview.duplicates.toLocaleString()}</dd>
        {preview.attachments > 0 && (
          <>
            <dt className="text-muted-foreground">Attachments for entries you have</dt>
            <dd className="font-medium">{preview.attachments.toLocaleString()}</dd>
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
          <Button onClick={onConfirm} disabled={isConfirming}>
            {confirmLabel}
          </Button>
        )}
        <Button variant="outline" onClick={onCancel}>
          {hasNew ? 'Cancel' : 'Choose another archive'}
        </Button>
      </div>
    </div>
  );
}

export function ImportReportSummary({ report, onAgain }: { report: ImportReport; onAgain: () => void }) {
  const newMedia = report.media - report.attachments;
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="success" role="status">
        <p className="font-medium">
          {report.imported > 0 || report.attachments === 0
            ? `Imported ${plural(report.imported, 'entry', 'entries')}${newMedia > 0 ? ` with ${plural(newMedia, 'attachment')}` : ''}.`
            : `Added ${plural(report.attachments, 'attachment')} to entries already in your journal.`}
        </p>
        {report.duplicates > 0 && <p>{plural(report.duplicates, 'entry', 'entries')} were already there.</p>}
        {report.imported > 0 && report.attachments > 0 && (
          <p>{plural(report.attachments, 'attachment')} joined entries already in your journal.</p>
        )}
      </Alert>
      <SkippedList skipped={report.skipped} count={report.skippedCount} verb="skipped" />
      {report.crisisResources && (
        <Alert role="note">
          <p>{report.crisisResources}</p>
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/dashboard">See them on your dashboard</Link>
        </Button>
        <Button variant="outline" onClick={onAgain}>
          Import another archive
        </Button>
      </div>
    </div>
  );
}
