import { dayHeading, ENTRY_LIMITS, ENTRY_MESSAGES, groupByDay, localDate } from '@daybook/shared';
import { NotebookPen } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { clampPage, Pagination } from '../../../components/ui/pagination.tsx';
import { ScrollToTopButton } from '../../../components/ui/scroll-to-top.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { type EntryFilters, useEntryPage } from '../api/get-entries.ts';
import { EntryCard } from './EntryCard.tsx';

const SKELETON_CARDS = 3;
/** The list's short word when this browser cannot decrypt; the writing card above says why in full. */
export const LOCKED_LIST_MESSAGE =
  'Your entries stay locked in this browser: they can only be decrypted over HTTPS or at http://localhost.';

type EntryListProps = {
  /** A day or a period to narrow the list to (the dashboard's filters, later). */
  filters?: EntryFilters;
  title?: string;
};

/**
 * The user's entries, 5 a page, newest first, decrypted in the browser and grouped by day (spec §2).
 */
export function EntryList({ filters, title = 'Your entries' }: EntryListProps) {
  const { user } = useSession();
  const cipher = useEntryCipher();
  const [page, setPage] = useState(1);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pageSize = ENTRY_LIMITS.pageSize;
  const entries = useEntryPage(user?.id ?? '', { page, pageSize, ...filters }, cipher.key.data);
  const timeZone = user?.timezone ?? browserTimeZone();

  const total = entries.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));

  // A filter change, or deleting the last entry of the last page, can leave the page past the end.
  useEffect(() => {
    if (entries.data && page > totalPages) setPage(clampPage(page, totalPages));
  }, [entries.data, page, totalPages]);

  const filterKey = JSON.stringify(filters ?? {});
  const previousFilterKey = useRef(filterKey);
  useEffect(() => {
    if (previousFilterKey.current === filterKey) return;
    previousFilterKey.current = filterKey;
    setPage(1);
  }, [filterKey]);

  const goToPage = (next: number) => {
    setPage(next);
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  };

  const list = entries.data?.entries ?? [];
  const today = localDate(new Date(), timeZone ?? 'UTC');

  let body: ReactNode;
  if (!cipher.support.isAvailable) {
    body = (
      <Alert variant="info">
        <p>{LOCKED_LIST_MESSAGE}</p>
      </Alert>
    );
  } else if (cipher.key.isError) {
    body = (
      <Alert variant="error" role="alert">
        <p>Your entries could not be unlocked. {cipher.key.error.message}</p>
        <Button size="sm" variant="outline" className="self-start" onClick={() => void cipher.key.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (entries.isPending) {
    body = <EntryListSkeleton />;
  } else if (entries.isError) {
    body = (
      <Alert variant="error" role="alert">
        <p>Your entries could not be loaded. {entries.error.message}</p>
        <Button size="sm" variant="outline" className="self-start" onClick={() => void entries.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed px-6 py-12 text-center">
        <NotebookPen aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-muted-foreground">{ENTRY_MESSAGES.emptyList}</p>
      </div>
    );
  } else {
    body = (
      <div aria-busy={entries.isPlaceholderData} className="flex flex-col gap-6">
        {groupByDay(list, (entry) => entry.entryDate).map((group) => (
          <DayGroup
            key={group.day}
            heading={dayHeading(group.day, today)}
            entries={group.items}
            timeZone={timeZone}
            onDeleted={() => headingRef.current?.focus()}
          />
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className="scroll-mt-24 text-2xl font-semibold">
        {title}
      </h2>
      {body}
      <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} label="Entry pages" />
      <ScrollToTopButton isShown={list.length > ENTRY_LIMITS.scrollTopAfterEntries} />
    </section>
  );
}

function DayGroup({
  heading,
  entries,
  timeZone,
  onDeleted,
}: {
  heading: string;
  entries: Parameters<typeof EntryCard>[0]['entry'][];
  timeZone: string | undefined;
  onDeleted: () => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3
        id={headingId}
        className="font-sans text-sm font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {heading}
      </h3>
      {entries.map((entry) => (
        <EntryCard key={entry.id} entry={entry} timeZone={timeZone} onDeleted={onDeleted} />
      ))}
    </section>
  );
}

export function EntryListSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">Loading your entries…</span>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
        <div key={index} className="flex flex-col gap-3 rounded-card border bg-card p-4 sm:p-5">
          <div className="flex items-center gap-2">
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="h-4 w-16" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ))}
    </div>
  );
}
