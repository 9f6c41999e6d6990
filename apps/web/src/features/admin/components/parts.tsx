import { ADMIN_PAGE_SIZE } from '@daybook/shared';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';

/** The server's answer to anyone who is not (or no longer) an administrator: the area does not exist for them. */
export const isNotAnAdmin = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404 && error.code === 'NOT_FOUND';

/** Told by any list the server refused with that 404; the page then shows "Page not found" instead of itself. */
export const AdminAccessContext = createContext<{ onRefused: () => void }>({ onRefused: () => undefined });

/** "21 Nov 2026, 14:05" / "Nov 21, 2026, 2:05 PM" in the admin's own locale and zone; "—" for none. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  return formatInstant('dateAndTime', iso);
}

export function When({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatWhen(iso)}</time> : <span>—</span>;
}

/** Runs an admin action with a toast for its outcome; the server's message on failure. */
export async function runAction(action: () => Promise<unknown>, done: string) {
  try {
    await action();
    toast.success(done);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : 'The action failed. Please try again.');
  }
}

/** A list's loading, failure and empty states, so that each section says the same thing the same way. */
export function ListState({
  label,
  isPending,
  error,
  onRetry,
  isEmpty,
  empty,
  children,
}: {
  label: string;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
}) {
  const { onRefused } = useContext(AdminAccessContext);
  const isRefused = isNotAnAdmin(error);
  useEffect(() => {
    if (isRefused) onRefused();
  }, [isRefused, onRefused]);
  if (isRefused) return null;
  if (isPending) {
    return (
      <div role="status" aria-label={`Loading ${label}`} className="flex flex-col gap-2">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (error) return <RetryAlert message={`Could not load ${label}: ${error.message}`} onRetry={onRetry} />;
  if (isEmpty) {
    // A calm, centred empty state, as the journal's own lists have: an administrator with nothing to do is told so.
    return (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed px-6 py-10 text-center">
        <span className="grid size-11 place-items-center rounded-full bg-muted text-muted-foreground">
          <Inbox aria-hidden="true" className="size-5" />
        </span>
        <p className="max-w-sm text-sm text-muted-foreground">{empty}</p>
      </div>
    );
  }
  return <>{children}</>;
}

/**
 * An admin list: a table from 48rem up (scrolling sideways rather than squeezing its columns between that and
 * 44rem), and below it one card per row whose cells name their column (`stacked-table` in styles.css; give each
 * `<td>` its column's name as `data-label`), so that on a phone every field is read and every action reached.
 */
export function TableFrame({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="md:overflow-x-auto md:rounded-card md:border md:bg-card">
      <table className="stacked-table w-full border-collapse text-left text-sm md:min-w-[44rem]">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const th =
  'border-b bg-muted/60 px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase';
export const td = 'border-b px-3 py-2 align-top';

export function Pager({
  page,
  total,
  onPageChange,
  label,
}: {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  label: string;
}) {
  return (
    <Pagination
      page={page + 1}
      totalPages={Math.ceil(total / ADMIN_PAGE_SIZE)}
      onPageChange={(next) => onPageChange(next - 1)}
      label={label}
      className="mt-4"
    />
  );
}

/**
 * A list's filter (a status, a search) and its page: choosing another filter goes back to the first page, since
 * the page number belonged to the old list.
 */
export function usePagedFilter<Filter>(initial: Filter) {
  const [filter, setFilter] = useState(initial);
  const [page, setPage] = useState(0);
  const chooseFilter = (next: Filter) => {
    setFilter(next);
    setPage(0);
  };
  return { filter, chooseFilter, page, setPage };
}
