import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Button } from './button.tsx';
import { PopoverContent } from './popover.tsx';
import { Skeleton } from './skeleton.tsx';

type PopoverListProps = {
  /** The popover's heading and accessible name. */
  title: string;
  /** Shown beside the heading, e.g. "Mark all read". */
  action?: ReactNode;
  isPending: boolean;
  /** Read by screen readers while the list loads, e.g. "Loading shares…". */
  loadingLabel: string;
  /** The height of each placeholder, e.g. "h-12". */
  skeletonClassName: string;
  isEmpty: boolean;
  emptyMessage: string;
  /** The page with the whole list, and the text of the link to it. */
  viewAllTo: string;
  viewAllLabel: string;
  /** Called when the link is followed, to close the popover. */
  onViewAll: () => void;
  /** The latest items, each an `<li>`. */
  children: ReactNode;
};

/**
 * The body of a header bell's popover (docs/product/notifications.md#notifications-bell): a heading, the latest few items (placeholders while they load, a
 * sentence when there are none), and a link to the page with all of them.
 */
export function PopoverList({
  title,
  action,
  isPending,
  loadingLabel,
  skeletonClassName,
  isEmpty,
  emptyMessage,
  viewAllTo,
  viewAllLabel,
  onViewAll,
  children,
}: PopoverListProps) {
  const titleId = useId();
  return (
    <PopoverContent align="end" className="flex w-80 flex-col p-0" aria-labelledby={titleId}>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id={titleId} className="text-sm font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {isPending ? (
        <div role="status" className="flex flex-col gap-3 p-4">
          <span className="sr-only">{loadingLabel}</span>
          <Skeleton className={`${skeletonClassName} w-full`} />
          <Skeleton className={`${skeletonClassName} w-full`} />
        </div>
      ) : isEmpty ? (
        <p className="px-4 py-8 text-center text-sm text-muted-foreground">{emptyMessage}</p>
      ) : (
        <ul className="flex max-h-96 flex-col divide-y overflow-y-auto">{children}</ul>
      )}
      <div className="border-t px-4 py-2 text-center">
        <Button asChild variant="link" size="sm">
          <Link to={viewAllTo} onClick={onViewAll}>
            {viewAllLabel}
          </Link>
        </Button>
      </div>
    </PopoverContent>
  );
}
