import { CalendarClock } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useUpcomingMessages } from '../api.ts';
import { useCancelWithToast } from '../hooks/use-cancel-message.ts';
import { useOpenedSubjects } from '../hooks/use-opened-text.ts';
import { formatSendTime } from '../schedule.ts';
import { CancelMessageButton } from './CancelMessageButton.tsx';
import { CHANNEL_LABELS } from './MessageStatusBadge.tsx';
import { SubjectText } from './SubjectText.tsx';

/** The next 3 pending messages by send time (docs/product/future-messages.md#future-letters-card), each with its cancel button. */
export function UpcomingMessages({ timeZone }: { timeZone: string }) {
  const upcoming = useUpcomingMessages();
  const messages = upcoming.data ?? [];
  const subjects = useOpenedSubjects(messages);
  const { cancel, cancellingId } = useCancelWithToast();

  if (upcoming.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading upcoming messages</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (upcoming.isError) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        Upcoming messages could not be loaded.{' '}
        <Button variant="link" size="sm" onClick={() => void upcoming.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (messages.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing scheduled yet.</p>;
  }

  return (
    <ul aria-label="Upcoming messages" className="flex flex-col divide-y rounded-lg border">
      {messages.map((message, index) => {
        const subject = subjects[index];
        const when = formatSendTime(message.sendAt, timeZone);
        const name = subject && !subject.isDecryptionFailed ? `“${subject.text}”` : `the message for ${when}`;
        return (
          <li key={message.id} className="flex items-center gap-3 px-3 py-2">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <div className="flex min-w-0 flex-1 flex-col">
              <SubjectText opened={subject} className="text-sm" />
              <span className="text-xs text-muted-foreground">
                <time dateTime={message.sendAt}>{when}</time> · {CHANNEL_LABELS[message.deliveryChannel]}
              </span>
            </div>
            <CancelMessageButton
              variant="ghost"
              name={name}
              isCancelling={cancellingId === message.id}
              onCancel={() => cancel(message.id, name)}
            />
          </li>
        );
      })}
    </ul>
  );
}
