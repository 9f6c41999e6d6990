import { FUTURE_MESSAGE_LIMITS, pageCount } from '@daybook/shared';
import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePlanFeatures } from '../../../lib/plan-features.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMessagePage } from '../api.ts';
import { ScheduleMessageButton } from '../components/FutureSelfCard.tsx';
import { MessageRow } from '../components/MessageRow.tsx';
import { useCancelWithToast } from '../hooks/use-cancel-message.ts';
import { useOpenedSubjects } from '../hooks/use-opened-text.ts';
import { useUserTimeZone } from '../hooks/use-user-time-zone.ts';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Scheduled' },
  { value: 'sent', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'failed', label: 'Failed' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

const isFilter = (value: string | null): value is Filter => FILTERS.some((filter) => filter.value === value);

/**
 * ?page=N (1-based in the address, as people count) and ?status=: the address keeps the view, so back and
 * reload return to it. Anything unknown reads as the first page of every message.
 */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const statusParam = params.get('status');
  const filter: Filter = isFilter(statusParam) ? statusParam : 'all';
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) updated.delete(name);
        else updated.set(name, value);
      }
      return updated;
    });
  return {
    page,
    filter,
    setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
    setFilter: (next: Filter) => update({ status: next === 'all' ? null : next, page: null }),
  };
}

function ListSkeleton() {
  return (
    <Card aria-busy="true" className="flex flex-col divide-y">
      <span className="sr-only">Loading your messages</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex flex-col gap-2 p-4">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-64" />
        </div>
      ))}
    </Card>
  );
}

/** /me-ahead: every message to one's future self, in every state, a page at a time. */
export default function FutureMessagesPage() {
  useDocumentTitle('Messages to your future self');
  const timeZone = useUserTimeZone();
  const { page, setPage, filter, setFilter } = useListParams();
  const list = useMessagePage(page - 1, undefined, filter === 'all' ? undefined : filter);
  const messages = list.data?.items ?? [];
  const subjects = useOpenedSubjects(messages);
  const { cancel, cancellingId } = useCancelWithToast();
  const canSend = usePlanFeatures().data?.can_send_future_messages === true;
  const totalPages = pageCount(list.data?.total ?? 0, FUTURE_MESSAGE_LIMITS.pageSize);

  let content: ReactNode;
  if (list.isPending) {
    content = <ListSkeleton />;
  } else if (list.isError) {
    content = (
      <Alert variant="error" role="alert">
        <p>Your messages could not be loaded.</p>
        <Button size="sm" variant="outline" className="self-start" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (messages.length === 0) {
    content =
      filter !== 'all' ? (
        <Card className="px-6 py-12 text-center text-sm text-muted-foreground">
          No {FILTERS.find((option) => option.value === filter)?.label.toLowerCase()} messages.
        </Card>
      ) : (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <Mail aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 className="text-lg font-semibold">No messages yet</h2>
          <p className="max-w-sm text-sm text-muted-foreground">
            Write to the person you will be: a message sealed in your browser, delivered on the day you
            choose.
          </p>
        </Card>
      );
  } else {
    content = (
      <>
        <Card className="overflow-hidden">
          <ul
            aria-label="Your messages"
            aria-busy={list.isPlaceholderData}
            className="flex flex-col divide-y"
          >
            {messages.map((message, index) => (
              <MessageRow
                key={message.id}
                message={message}
                subject={subjects[index]}
                timeZone={timeZone}
                onCancel={cancel}
                isCancelling={cancellingId === message.id}
              />
            ))}
          </ul>
        </Card>
        <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Message pages" />
      </>
    );
  }

  return (
    <div className="page-container flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold sm:text-4xl">Messages to your future self</h1>
          <p className="text-sm text-muted-foreground">Times are shown in {timeZone}.</p>
        </div>
        {canSend ? <ScheduleMessageButton timeZone={timeZone} /> : null}
      </div>
      <SegmentedControl
        label="Show messages"
        options={FILTERS}
        value={filter}
        onValueChange={setFilter}
        // Five choices are wider than a phone: the control scrolls within the page's width, never the page.
        className="max-w-full self-start overflow-x-auto [&>div]:shrink-0"
      />
      {content}
    </div>
  );
}
