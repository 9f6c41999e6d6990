import { type ReceivedShare, SHARE_LIMITS } from '@daybook/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { CountAnnouncer } from '../../../../components/ui/count-announcer.tsx';
import { DeferredPopup } from '../../../../components/ui/deferred-popup.tsx';
import { useReceivedShares } from '../api.ts';
import { useHighlightShare } from '../hooks/use-highlight-share.ts';
import { SharesBellButton, sharesBellLabel } from './SharesBellButton.tsx';

const loadPopover = () => import('./SharesPopover.tsx');
const SharesPopover = lazy(async () => ({ default: (await loadPopover()).SharesPopover }));
const ShareViewerDialog = lazy(async () => ({
  default: (await import('./ShareViewerDialog.tsx')).ShareViewerDialog,
}));

/**
 * The header's shares bell (signed in only): the unviewed badge comes with the page; the popover and the share
 * viewer (Radix) load on first use (ADR 020). `?highlight_share` on the dashboard opens it.
 */
export function SharesBell() {
  const shares = useReceivedShares(0, SHARE_LIMITS.popoverItems);
  const unviewed = shares.data?.unviewed ?? 0;
  const [isOpen, setIsOpen] = useState(false);
  // Once opened from outside (highlight_share), the real popover stays mounted, so focus can return to its trigger.
  const [wasRequested, setWasRequested] = useState(false);
  const [viewedShareId, setViewedShareId] = useState<string | null>(null);
  const [isViewerOpen, setIsViewerOpen] = useState(false);

  useHighlightShare(
    useCallback(() => {
      setWasRequested(true);
      setIsOpen(true);
    }, []),
  );

  const onOpenShare = (share: ReceivedShare) => {
    setIsOpen(false);
    setViewedShareId(share.id);
    setIsViewerOpen(true);
  };

  return (
    <>
      <CountAnnouncer count={shares.data?.unviewed ?? null} label={sharesBellLabel} />
      <DeferredPopup
        isRequested={isOpen || wasRequested}
        preload={() => loadPopover().catch(() => undefined)}
        trigger={(standIn) => (
          <SharesBellButton
            unviewed={unviewed}
            aria-haspopup="dialog"
            aria-expanded={false}
            {...standIn}
            onClick={() => {
              setIsOpen(true);
              standIn.onClick?.();
            }}
          />
        )}
      >
        <SharesPopover open={isOpen} onOpenChange={setIsOpen} unviewed={unviewed} onOpenShare={onOpenShare} />
      </DeferredPopup>
      {viewedShareId ? (
        <Suspense fallback={null}>
          <ShareViewerDialog shareId={viewedShareId} open={isViewerOpen} onOpenChange={setIsViewerOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
