import type { AdminContactMessage } from '@daybook/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { type ContactFilter, useContactMessages, useMarkContactHandled } from '../api/admin-api.ts';
import { ListState, Pager, runAction, usePagedFilter, When } from './parts.tsx';

const FILTERS = [
  { value: 'open', label: 'To handle' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
] as const;

/** Messages sent through the contact form, newest first, each read in full and marked handled. */
export function ContactSection() {
  const { filter: status, chooseFilter, page, setPage } = usePagedFilter<ContactFilter>('open');
  const messages = useContactMessages(status, page);
  return (
    <div className="flex flex-col gap-4">
      <SegmentedControl
        label="Which messages"
        options={FILTERS}
        value={status}
        onValueChange={chooseFilter}
        className="self-start"
      />
      <ListState
        label="contact messages"
        isPending={messages.isPending}
        error={messages.error}
        onRetry={() => void messages.refetch()}
        isEmpty={messages.data?.items.length === 0}
        empty={status === 'open' ? 'Every message has been handled.' : 'No messages here.'}
      >
        <ul className="flex flex-col gap-3" aria-label="Contact messages">
          {messages.data?.items.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
        <Pager page={page} total={messages.data?.total ?? 0} onPageChange={setPage} label="Message pages" />
      </ListState>
    </div>
  );
}

function MessageCard({ message }: { message: AdminContactMessage }) {
  const markHandled = useMarkContactHandled();
  const headingId = `contact-${message.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="flex flex-col gap-2 rounded-card border bg-card p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col">
            <h3 id={headingId} className="font-semibold break-words">
              {message.subject}
            </h3>
            <p className="text-sm text-muted-foreground">
              {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a> ·{' '}
              <When iso={message.createdAt} />
            </p>
          </div>
          <Badge variant="outline">{message.topic}</Badge>
        </div>
        <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
        {message.handledAt ? (
          <p className="text-sm text-muted-foreground">
            Handled <When iso={message.handledAt} />
          </p>
        ) : (
          <Button
            aria-label={`Mark handled: ${message.subject}`}
            size="sm"
            variant="outline"
            className="self-start"
            disabled={markHandled.isPending}
            onClick={() =>
              void runAction(() => markHandled.mutateAsync(message.id), 'Message marked handled.')
            }
          >
            Mark handled
          </Button>
        )}
      </article>
    </li>
  );
}
