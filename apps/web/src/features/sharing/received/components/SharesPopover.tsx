import { type ReceivedShare, SHARE_LIMITS, SHARE_MESSAGES } from '@daybook/shared';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../../components/ui/popover.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { useMarkSharesViewed, useReceivedShares } from '../api.ts';
import { ReceivedShareSummary } from './ReceivedShareSummary.tsx';
import { SharesBellButton } from './SharesBellButton.tsx';

type SharesPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unviewed: number;
  onOpenShare: (share: ReceivedShare) => void;
};

/** Spec §2 Shares bell: "Shared with you", the latest 5 or "No shares yet", "View all shares". */
export function SharesPopover({ open, onOpenChange, unviewed, onOpenShare }: SharesPopoverProps) {
  const titleId = useId();
  const shares = useReceivedShares(0, SHARE_LIMITS.popoverItems);
  const markViewed = useMarkSharesViewed();
  const items = shares.data?.items ?? [];
  const { mutate: recordViewed } = markViewed;

  // Spec §4: opening the popover records in_app_viewed for the unviewed shares it shows.
  const shownUnviewed = open
    ? items
        .filter((share) => !share.viewed)
        .map((share) => share.id)
        .join(',')
    : '';
  // Once per opening and set of shares (StrictMode runs effects twice).
  const recorded = useRef('');
  useEffect(() => {
    if (shownUnviewed === recorded.current) return;
    recorded.current = shownUnviewed;
    if (shownUnviewed) recordViewed(shownUnviewed.split(','));
  }, [shownUnviewed, recordViewed]);

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <SharesBellButton unviewed={unviewed} />
      </PopoverTrigger>
      <PopoverContent align="end" className="flex w-80 flex-col p-0" aria-labelledby={titleId}>
        <div className="border-b px-4 py-3">
          <h2 id={titleId} className="text-sm font-semibold">
            Shared with you
          </h2>
        </div>
        {shares.isPending ? (
          <div role="status" className="flex flex-col gap-3 p-4">
            <span className="sr-only">Loading shares…</span>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">{SHARE_MESSAGES.noShares}</p>
        ) : (
          <ul className="flex max-h-96 flex-col divide-y overflow-y-auto">
            {items.map((share) => (
              <li key={share.id}>
                <button
                  type="button"
                  onClick={() => onOpenShare(share)}
                  className="flex w-full px-4 py-3 text-left transition-colors hover:bg-muted"
                >
                  <ReceivedShareSummary share={share} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="border-t px-4 py-2 text-center">
          <Button asChild variant="link" size="sm">
            <Link to="/shared" onClick={() => onOpenChange(false)}>
              View all shares
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
