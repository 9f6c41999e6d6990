import { type ReceivedShare, SHARE_LIMITS, SHARE_MESSAGES } from '@daybook/shared';
import { useEffect, useRef } from 'react';
import { Popover, PopoverTrigger } from '../../../../components/ui/popover.tsx';
import { PopoverList } from '../../../../components/ui/popover-list.tsx';
import { useMarkSharesViewed, useReceivedShares } from '../api.ts';
import { ReceivedShareSummary } from './ReceivedShareSummary.tsx';
import { SharesBellButton } from './SharesBellButton.tsx';

type SharesPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unviewed: number;
  onOpenShare: (share: ReceivedShare) => void;
};

/** docs/product/sharing.md#sharing-received: "Shared with you", the latest 5 or "No shares yet", "View all shares". */
export function SharesPopover({ open, onOpenChange, unviewed, onOpenShare }: SharesPopoverProps) {
  const shares = useReceivedShares(0, SHARE_LIMITS.popoverItems);
  const markViewed = useMarkSharesViewed();
  const items = shares.data?.items ?? [];
  const { mutate: recordViewed } = markViewed;

  // docs/product/sharing.md#sharing-received: opening the popover records in_app_viewed for every unviewed received share, so the badge clears.
  // Keyed by the unviewed count, so a share that arrives while it is open is recorded too.
  const toRecord = open && unviewed > 0 ? String(unviewed) : '';
  // Once per opening and count (StrictMode runs effects twice; a failed record is not retried in a loop).
  const recorded = useRef('');
  useEffect(() => {
    if (toRecord === recorded.current) return;
    recorded.current = toRecord;
    if (toRecord) recordViewed();
  }, [toRecord, recordViewed]);

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <SharesBellButton unviewed={unviewed} />
      </PopoverTrigger>
      <PopoverList
        title="Shared with you"
        isPending={shares.isPending}
        loadingLabel="Loading shares…"
        skeletonClassName="h-14"
        isEmpty={items.length === 0}
        emptyMessage={SHARE_MESSAGES.noShares}
        viewAllTo="/shared"
        viewAllLabel="View all shares"
        onViewAll={() => onOpenChange(false)}
      >
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
      </PopoverList>
    </Popover>
  );
}
