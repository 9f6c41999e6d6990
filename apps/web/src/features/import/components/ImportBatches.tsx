import type { ImportBatch } from '@daybook/shared';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { plural } from '../../../lib/count-label.ts';
import { formatDay, formatInstant } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';
import { useImportBatches, useRemoveImportBatch } from '../api.ts';
import { SOURCE_NAMES } from './ImportSummaries.tsx';

/** "28 Nov 2026, 07:46" / "Nov 28, 2026, 7:46 AM", on this browser's clock. */
const importedAt = (iso: string) => formatInstant('dateAndTime', iso);

/**
 * "Your imports" on /export (ADR 068): each confirmed import with when, from what and how many of its entries are
 * still in the journal, and "Remove" to take it out as a whole after a confirmation that names the count.
 */
export function ImportBatches() {
  const batches = useImportBatches();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <h2 id={headingId} className="text-xl font-semibold">
          Your imports
        </h2>
        <p className="text-sm text-muted-foreground">
          Each import can be removed as a whole: its entries and their photos, voice notes and videos leave
          your journal. Entries you wrote in Daybook are never touched.
        </p>
      </CardHeader>
      <CardContent>
        {batches.isPending ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : batches.isError ? (
          <RetryAlert message="Your imports could not be loaded." onRetry={() => void batches.refetch()} />
        ) : batches.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing imported yet.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border">
            {batches.data.map((batch) => (
              <BatchRow key={batch.id} batch={batch} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function BatchRow({ batch }: { batch: ImportBatch }) {
  const remove = useRemoveImportBatch();
  const count = plural(batch.entries, 'imported entry', 'imported entries');
  const span =
    batch.firstDate === batch.lastDate
      ? formatDay('mediumDate', batch.firstDate)
      : `${formatDay('mediumDate', batch.firstDate)} to ${formatDay('mediumDate', batch.lastDate)}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium">
          {SOURCE_NAMES[batch.source]}, {importedAt(batch.importedAt)}
        </p>
        <p className="text-sm text-muted-foreground">
          {plural(batch.entries, 'entry', 'entries')}
          {batch.media > 0 ? `, ${plural(batch.media, 'with an attachment', 'with attachments')}` : ''} ·{' '}
          {span}
        </p>
      </div>
      <ConfirmButton
        variant="outline"
        size="sm"
        aria-label={`Remove the ${SOURCE_NAMES[batch.source]} imported ${importedAt(batch.importedAt)}`}
        title={`Remove these ${count}?`}
        description={`They leave your journal for good, with their photos, voice notes and videos (${span}). Importing the same archive again brings them back.`}
        confirmLabel={`Remove ${count}`}
        disabled={remove.isPending}
        onConfirm={async () => {
          try {
            const { removed } = await remove.mutateAsync(batch.id);
            toast.success(`Removed ${plural(removed, 'imported entry', 'imported entries')}.`);
          } catch (error) {
            toast.error(error instanceof ApiRequestError ? error.message : NETWORK_ERROR_MESSAGE);
          }
        }}
      >
        <Trash2 aria-hidden="true" />
        Remove
      </ConfirmButton>
    </li>
  );
}
