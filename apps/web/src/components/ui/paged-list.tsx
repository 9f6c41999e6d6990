import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Card } from './card.tsx';
import { Pagination } from './pagination.tsx';
import { RetryAlert } from './retry-alert.tsx';
import { Skeleton } from './skeleton.tsx';

/** One page of a list as the API returns it. */
type ListPage = { items: readonly unknown[]; total: number };

/** The part of a query result the list reads (a TanStack query result fits). */
type PageQuery<T extends ListPage> = {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
  data: T | undefined;
  refetch: () => unknown;
};

type PagedListProps<T extends ListPage> = {
  query: PageQuery<T>;
  /** The page shown, 0 first (the API's numbering). */
  page: number;
  onPageChange: (page: number) => void;
  pageSize: number;
  /** Read by screen readers while the page loads, e.g. "Loading shares…". */
  loadingLabel: string;
  skeletonCount: number;
  /** The height of each placeholder, e.g. "h-20". */
  skeletonClassName: string;
  emptyIcon: LucideIcon;
  emptyMessage: string;
  /** Under the empty message: what will appear here and how, and where to go meanwhile. */
  emptyDetail?: ReactNode;
  /** The accessible name of the page navigation. */
  paginationLabel: string;
  /** The list of a page that has items. */
  children: (page: T) => ReactNode;
};

/**
 * A full-page list, one page at a time: placeholders while it loads, the error with "Try again", the empty state,
 * or the items, then the page navigation.
 */
export function PagedList<T extends ListPage>({
  query,
  page,
  onPageChange,
  pageSize,
  loadingLabel,
  skeletonCount,
  skeletonClassName,
  emptyIcon: EmptyIcon,
  emptyMessage,
  emptyDetail,
  paginationLabel,
  children,
}: PagedListProps<T>) {
  const totalPages = Math.ceil((query.data?.total ?? 0) / pageSize);
  const isPastTheEnd = page > 0 && query.data !== undefined && query.data.items.length === 0;

  // The last item on the last page was removed (or an old link): go to the last page that exists.
  useEffect(() => {
    if (isPastTheEnd) onPageChange(Math.max(0, totalPages - 1));
  }, [isPastTheEnd, totalPages, onPageChange]);

  return (
    <>
      {query.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{loadingLabel}</span>
          {Array.from({ length: skeletonCount }, (_, n) => n).map((key) => (
            <Skeleton key={key} className={`${skeletonClassName} w-full rounded-card`} />
          ))}
        </div>
      ) : query.isError ? (
        <RetryAlert message={query.error?.message ?? ''} onRetry={() => void query.refetch()} />
      ) : query.data === undefined || query.data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-tint text-tint-foreground">
            <EmptyIcon aria-hidden="true" className="size-6" />
          </span>
          <p className={emptyDetail ? 'font-serif text-lg font-semibold' : 'text-muted-foreground'}>
            {emptyMessage}
          </p>
          {emptyDetail ? (
            <div className="flex max-w-md flex-col items-center gap-4 text-sm text-muted-foreground">
              {emptyDetail}
            </div>
          ) : null}
        </Card>
      ) : (
        children(query.data)
      )}

      <Pagination
        page={page + 1}
        totalPages={totalPages}
        onPageChange={(next) => onPageChange(next - 1)}
        label={paginationLabel}
      />
    </>
  );
}
