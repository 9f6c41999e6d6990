import { daysRemainingLabel } from '@daybook/shared';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { formatInstant } from '../../../lib/dates.ts';
import { useDeletionStatus } from '../api/get-deletion-status.ts';

/**
 * On every signed-in page while the account is due to be deleted (docs/product/accounts.md#accounts-deletion: only when deletion is
 * scheduled and days remain). "Review" goes to the delete-account section of /profile.
 */
export function DeletionBanner() {
  const { data: status } = useDeletionStatus();
  if (!status?.isScheduled || !status.deletionDate || status.daysRemaining <= 0) return null;

  return (
    <section aria-label="Account deletion" className="border-b bg-highlight text-highlight-foreground">
      <div className="page-container flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">
              Account deletion scheduled for {formatInstant('mediumDate', status.deletionDate)}
            </strong>
            <span className="block sm:inline sm:before:content-['_·_']">
              {daysRemainingLabel(status.daysRemaining)}
            </span>
          </span>
        </p>
        <Button asChild size="sm" variant="outline" className="self-start sm:self-auto">
          <Link to="/profile#delete-account">Review</Link>
        </Button>
      </div>
    </section>
  );
}
