import { FUTURE_MESSAGE_MESSAGES, type Notification } from '@daybook/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MailOpen, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { STORAGE_KEYS } from '../../../lib/constants.ts';
import { futureMessageKeys } from '../../../lib/query-keys.ts';
import { readStoredString, writeStoredString } from '../../../lib/storage.ts';
import {
  type FutureMessage,
  messageQueryOptions,
  useMarkNotificationRead,
  useNotificationSummary,
} from '../api.ts';
import { useOpenedText } from '../hooks/use-opened-text.ts';

const FUTURE_EMAIL = 'future_email';

/** The newest unread arrival of a message to oneself, if the bell's summary holds one. */
export function newestUnreadArrival(latest: readonly Notification[]): Notification | undefined {
  return latest
    .filter((notification) => notification.type === FUTURE_EMAIL && !notification.isRead)
    .reduce<Notification | undefined>(
      (newest, notification) =>
        !newest || Date.parse(notification.createdAt) > Date.parse(newest.createdAt) ? notification : newest,
      undefined,
    );
}

/** The arrived message's own subject, decrypted here: the notification itself holds no text of it. */
function OpenedSubject({ message }: { message: FutureMessage }) {
  const subject = useOpenedText(message, 'subject');
  // A private letter while this session is locked (ADR 098): say how to read it rather than nothing.
  if (subject?.isLocked) return <p className="text-sm text-muted-foreground">{subject.text}</p>;
  if (!subject || subject.isDecryptionFailed || !subject.text) return null;
  return <p className="truncate text-sm font-medium">“{subject.text}”</p>;
}

function ArrivedSubject({ id }: { id: string }) {
  const message = useQuery(messageQueryOptions(id));
  return message.data ? <OpenedSubject message={message.data} /> : null;
}

/**
 * "Message from your past self arrived!" on the dashboard (accounts spec: the unread future-email banner):
 * the notification's title and "Read now", which marks it read and opens /notifications. Dismissing it
 * remembers that notification's id in this browser, so the next arrival shows again.
 */
export function FutureMessageBanner() {
  const summary = useNotificationSummary();
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  const [dismissedId, setDismissedId] = useState(() =>
    readStoredString(STORAGE_KEYS.futureMessageBannerDismissed),
  );

  const arrival = newestUnreadArrival(summary.data?.latest ?? []);
  const arrivalId = arrival?.id;
  const client = useQueryClient();

  // A new arrival means a message went from pending to sent: the card's list and /me-ahead follow.
  useEffect(() => {
    if (arrivalId) void client.invalidateQueries({ queryKey: futureMessageKeys.all });
  }, [arrivalId, client]);

  if (!arrival || arrival.id === dismissedId) return null;

  const dismiss = () => {
    writeStoredString(STORAGE_KEYS.futureMessageBannerDismissed, arrival.id);
    setDismissedId(arrival.id);
  };

  const readNow = async () => {
    try {
      await markRead.mutateAsync(arrival.id);
    } catch {
      // Still open it: /notifications shows it, and marks it read from there.
    }
    void navigate('/notifications');
  };

  return (
    <section
      aria-label={FUTURE_MESSAGE_MESSAGES.bannerTitle}
      className="flex flex-col gap-3 rounded-card border border-primary/40 bg-tint p-4 text-tint-foreground sm:flex-row sm:items-center"
    >
      <MailOpen aria-hidden="true" className="size-6 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="font-semibold">{FUTURE_MESSAGE_MESSAGES.bannerTitle}</p>
        <p className="truncate text-sm">{arrival.title}</p>
        {typeof arrival.metadata.futureMessageId === 'string' ? (
          <ArrivedSubject id={arrival.metadata.futureMessageId} />
        ) : null}
      </div>
      <div className="flex items-center gap-2 self-end sm:self-auto">
        <Button size="sm" disabled={markRead.isPending} onClick={() => void readNow()}>
          {FUTURE_MESSAGE_MESSAGES.readNow}
        </Button>
        <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={dismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
