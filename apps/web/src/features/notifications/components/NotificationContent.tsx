import type { Notification } from '@daybook/shared';
import { cn } from '../../../lib/cn.ts';
import { moodEmoji } from '../../../lib/mood-emoji.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useThankYouText } from '../api.ts';
import { notificationStyle } from '../notification-style.ts';

/** The icon, title, message, time and mood of one notification: the same in the bell and on /notifications. */
export function NotificationContent({ notification }: { notification: Notification }) {
  const { icon: Icon, className } = notificationStyle(notification.type);
  const emoji = moodEmoji(notification.metadata.moodTag);
  return (
    // Spans only: it sits inside the bell's buttons.
    <span data-type={notification.type} className="flex min-w-0 flex-1 items-start gap-3">
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full',
          className,
        )}
      >
        <Icon className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center gap-2">
          <span className={cn('truncate text-sm', notification.isRead ? 'font-medium' : 'font-semibold')}>
            {notification.title}
          </span>
          {emoji ? (
            <span role="img" aria-label={`Mood: ${notification.metadata.moodTag}`} className="text-base">
              {emoji}
            </span>
          ) : null}
          {notification.isRead ? null : (
            <span className="ml-auto inline-flex items-center">
              <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
              <span className="sr-only">Unread</span>
            </span>
          )}
        </span>
        <span className="text-sm break-words text-muted-foreground">{notification.message}</span>
        <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
          {relativeTime(notification.createdAt)}
        </time>
      </span>
    </span>
  );
}

/** A thank-you note's text, decrypted in the browser; nothing at all when it cannot be read (docs/product/sharing.md#sharing-thank-you). */
export function ThankYouText({ thankYouId }: { thankYouId: string }) {
  const text = useThankYouText(thankYouId);
  if (text.isLoading) {
    return (
      <p role="status" className="text-xs text-muted-foreground">
        Opening the note…
      </p>
    );
  }
  if (!text.data) return null;
  return (
    <blockquote className="rounded-md border-l-4 border-primary/60 bg-muted/60 px-3 py-2 text-sm whitespace-pre-wrap">
      {text.data}
    </blockquote>
  );
}

/** A thank-you notification with a note to show. */
export const thankYouIdOf = (notification: Notification): string | undefined =>
  notification.type === 'thank_you_received' ? notification.metadata.thankYouId : undefined;

/** A "New shared entry" notification's share, which its click opens. */
export const receivedShareIdOf = (notification: Notification): string | undefined =>
  notification.type === 'share_received' ? notification.metadata.shareId : undefined;
