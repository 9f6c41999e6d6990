import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import type { OpenedText } from '../../../lib/encryption/entry-cipher.ts';
import type { FutureMessage } from '../api.ts';
import { useOpenedText } from '../hooks/use-opened-text.ts';
import { formatSendTime } from '../schedule.ts';
import { CancelMessageButton } from './CancelMessageButton.tsx';
import { CHANNEL_LABELS, MessageStatusBadge } from './MessageStatusBadge.tsx';
import { SubjectText } from './SubjectText.tsx';

/** The dates that matter for a message in its state. */
function datesOf(message: FutureMessage, timeZone: string): string {
  const at = (iso: string) => formatSendTime(iso, timeZone);
  const channel = CHANNEL_LABELS[message.deliveryChannel];
  switch (message.status) {
    case 'pending':
      return `Sends ${at(message.sendAt)} ${channel}`;
    case 'sent':
      return `Delivered ${at(message.sentAt ?? message.sendAt)} ${channel}`;
    case 'cancelled':
      return `Was due ${at(message.sendAt)}`;
    case 'failed':
      return `Due ${at(message.sendAt)}; could not be delivered`;
  }
}

function MessageBody({ message }: { message: FutureMessage }) {
  const body = useOpenedText(message, 'message');
  if (!body) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Decrypting the message</span>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  return (
    <p
      className={cn(
        'font-serif whitespace-pre-wrap break-words',
        body.isDecryptionFailed && 'text-muted-foreground italic',
      )}
    >
      {body.text}
    </p>
  );
}

/**
 * One message on /me-ahead: subject, state and dates. A delivered one opens to be read (decrypted in the
 * browser only then); a pending one can be cancelled.
 */
export function MessageRow({
  message,
  subject,
  timeZone,
  onCancel,
  isCancelling,
}: {
  message: FutureMessage;
  subject: OpenedText | undefined;
  timeZone: string;
  onCancel: (id: string, name: string) => Promise<void>;
  isCancelling: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const bodyId = useId();
  const name = subject && !subject.isDecryptionFailed ? `“${subject.text}”` : 'this message';

  return (
    <li className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 items-center gap-2">
            <SubjectText opened={subject} />
            <MessageStatusBadge status={message.status} />
          </div>
          <p className="text-sm text-muted-foreground">{datesOf(message, timeZone)}</p>
          <p className="text-xs text-muted-foreground">
            Written <time dateTime={message.createdAt}>{formatSendTime(message.createdAt, timeZone)}</time>
          </p>
          {message.status === 'failed' && message.failureReason ? (
            <p className="text-xs text-muted-foreground">Reason: {message.failureReason}</p>
          ) : null}
        </div>
        {message.status === 'sent' ? (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={isOpen}
            aria-controls={isOpen ? bodyId : undefined}
            aria-label={`${isOpen ? 'Close' : 'Read'} ${name}`}
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? 'Close' : 'Read'}
            <ChevronDown aria-hidden="true" className={cn('transition-transform', isOpen && 'rotate-180')} />
          </Button>
        ) : null}
        {message.status === 'pending' ? (
          <CancelMessageButton
            variant="outline"
            name={name}
            isCancelling={isCancelling}
            onCancel={() => onCancel(message.id, name)}
          />
        ) : null}
      </div>
      {isOpen ? (
        <div id={bodyId} className="rounded-lg bg-muted/60 p-4">
          <MessageBody message={message} />
        </div>
      ) : null}
    </li>
  );
}
