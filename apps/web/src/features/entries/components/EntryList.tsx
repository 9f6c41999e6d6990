import { ENTRY_LIMITS, ENTRY_MESSAGES, groupByDay, localDate, pageCount } from '@daybook/shared';
import { NotebookPen } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { clampPage, Pagination } from '../../../components/ui/pagination.tsx';
import { ScrollToTopButton } from '../../../components/ui/scroll-to-top.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { dayHeading } from '../../../lib/dates.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import type { DecryptedEntry, EntryFilters } from '../api/get-entries.ts';
import { entryCount } from '../format.ts';
import { type EntryFeed, useEntryPageFeed } from '../hooks/use-entry-feed.ts';
import { OFFLINE_COPY_NOTICE } from '../offline-notice.ts';
import { EntryCard, type EntryMediaRenderer, type EntryShareRenderer } from './EntryCard.tsx';
import { RetryAlert } from './RetryAlert.tsx';

const SKELETON_CARDS = 3;
/** The list's short word when this browser cannot decrypt; the writing card above says why in full. */
export const LOCKED_LIST_MESSAGE =
  'Your entries stay locked in this browser: they can only be decrypted over HTTPS or at http://localhost.';

type EntryListProps = {
  /** A day or a period to narrow the list to. */
  filters?: EntryFilters;
  title?: string;
  /** Shows an entry's attached media (see `EntryCard`). */
  renderMedia?: EntryMediaRenderer | undefined;
  /** Shows an entry's share action (see `EntryCard`). */
  renderShare?: EntryShareRenderer | undefined;
};

/**
 * The user's entries, 5 a page, newest first, decrypted in the browser and grouped by day (docs/product/entries.md#entries-list), paged
 * by the server with its exact total. Goes back to page 1 when the filters change.
 */
export function EntryList({ filters, title, renderMedia, renderShare }: EntryListProps) {
  const [page, setPage] = useState(1);
  const feed = useEntryPageFeed({ filters, page });

  const filterKey = JSON.stringify(filters ?? {});
  const previousFilterKey = useRef(filterKey);
  useEffect(() => {
    if (previousFilterKey.current === filterKey) return;
    previousFilterKey.current = filterKey;
    setPage(1);
  }, [filterKey]);

  return (
    <EntryFeedView
      feed={feed}
      title={title}
      page={page}
      onPageChange={setPage}
      countText={feed.total > 0 ? entryCount(feed.total) : undefined}
      renderMedia={renderMedia}
      renderShare={renderShare}
    />
  );
}

type EntryFeedViewProps = {
  feed: EntryFeed;
  title?: string | undefined;
  page: number;
  onPageChange: (page: number) => void;
  /** Said when there is nothing to show: by default, the journal's own empty state. */
  emptyState?: ReactNode;
  /** "3 entries found": announced politely whenever it changes. */
  countText?: string | undefined;
  /** Makes hashtags in the entries choosable as themes. */
  onThemeSelect?: ((theme: string) => void) | undefined;
  /** The words searched for: marked where they occur in the entries' text. */
  highlight?: string | undefined;
  /** Shows an entry's attached media (see `EntryCard`). */
  renderMedia?: EntryMediaRenderer | undefined;
  /** Shows an entry's share action (see `EntryCard`). */
  renderShare?: EntryShareRenderer | undefined;
};

/**
 * A page of entries (docs/product/entries.md#entries-list): placeholders while loading, the entries grouped by day, the empty state,
 * errors with a way to try again, and the pagination bar with 5 entries a page.
 */
export function EntryFeedView({
  feed,
  title = 'Your entries',
  page,
  onPageChange,
  emptyState,
  countText,
  onThemeSelect,
  highlight,
  renderMedia,
  renderShare,
}: EntryFeedViewProps) {
  const { user } = useSession();
  const cipher = useEntryCipher();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const timeZone = user?.timezone ?? browserTimeZone() ?? 'UTC';
  const totalPages = pageCount(feed.total, ENTRY_LIMITS.pageSize);
  const isSettled = !feed.isPending && !feed.isUpdating && !feed.error;

  // A filter change, or deleting the last entry of the last page, can leave the page past the end.
  useEffect(() => {
    if (isSettled && page > totalPages) onPageChange(clampPage(page, totalPages));
  }, [isSettled, page, totalPages, onPageChange]);

  const goToPage = (next: number) => {
    onPageChange(next);
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  };

  const list = feed.entries;
  const today = localDate(new Date(), timeZone);
  const isReadable = cipher.support.isAvailable && !cipher.key.isError;

  let body: ReactNode;
  if (!cipher.support.isAvailable) {
    body = (
      <Alert variant="info">
        <p>{LOCKED_LIST_MESSAGE}</p>
      </Alert>
    );
  } else if (cipher.key.isError) {
    body = (
      <RetryAlert
        message={`Your entries could not be unlocked. ${cipher.key.error.message}`}
        onRetry={() => void cipher.key.refetch()}
      />
    );
  } else if (feed.error) {
    body = (
      <RetryAlert message={`Your entries could not be loaded. ${feed.error.message}`} onRetry={feed.retry} />
    );
  } else if (feed.isPending) {
    body = <EntryListSkeleton />;
  } else if (list.length === 0) {
    body = emptyState ?? <EmptyState message={ENTRY_MESSAGES.emptyList} />;
  } else {
    body = (
      <div aria-busy={feed.isUpdating} className="flex flex-col gap-6">
        {/* Each entry's own day (ADR 066): after a journey the same day can come back further down. */}
        {groupByDay(list, (entry) => entry.entryDate).map((group) => (
          <DayGroup
            key={group.key}
            heading={dayHeading(group.day, today)}
            entries={group.items}
            accountZone={timeZone}
            onDeleted={() => headingRef.current?.focus()}
            onThemeSelect={onThemeSelect}
            highlight={highlight}
            renderMedia={renderMedia}
            renderShare={renderShare}
          />
        ))}
      </div>
    );
  }

  const isCountShown = isReadable && !feed.isPending && !feed.error;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 ref={headingRef} id={headingId} tabIndex={-1} className="scroll-mt-24 text-2xl font-semibold">
          {title}
        </h2>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {isCountShown ? countText : null}
        </p>
      </div>
      {/* One notice for the whole list, not an error per card (ADR 084). */}
      {feed.isFromCopy && !feed.error ? (
        <Alert role="status" variant="info">
          <p>{OFFLINE_COPY_NOTICE}</p>
        </Alert>
      ) : null}
      {body}
      <Pagination
        page={page}
        totalPages={totalPages}
        onPageChange={goToPage}
        label="Entry pages"
        isShownForOnePage={isCountShown && feed.total > 0}
      />
      {/* docs/product/entries.md#entries-list: more than 5 entries (in the list, not on the page, which holds 5 at most). */}
      <ScrollToTopButton isShown={isCountShown && feed.total > ENTRY_LIMITS.scrollTopAfterEntries} />
    </section>
  );
}

/** The dashed box said in place of entries, with what to do next when there is something. */
export function EmptyState({ message, children }: { message: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed px-6 py-12 text-center">
      <NotebookPen aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-muted-foreground">{message}</p>
      {children ? <div className="flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}

function DayGroup({
  heading,
  entries,
  accountZone,
  onDeleted,
  onThemeSelect,
  highlight,
  renderMedia,
  renderShare,
}: {
  heading: string;
  entries: DecryptedEntry[];
  accountZone: string;
  onDeleted: () => void;
  onThemeSelect: ((theme: string) => void) | undefined;
  highlight: string | undefined;
  renderMedia: EntryMediaRenderer | undefined;
  renderShare: EntryShareRenderer | undefined;
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
        <EntryCard
          key={entry.id}
          entry={entry}
          accountZone={accountZone}
          onDeleted={onDeleted}
          onThemeSelect={onThemeSelect}
          highlight={highlight}
          renderMedia={renderMedia}
          renderShare={renderShare}
        />
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
