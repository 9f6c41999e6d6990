import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMessagePage } from '../api.ts';
import { useOpenedSubjects } from '../hooks/use-opened-text.ts';
import { useUserTimeZone } from '../hooks/use-user-time-zone.ts';
import { formatSendTime } from '../schedule.ts';
import { MessageStatusBadge } from './MessageStatusBadge.tsx';
import { SubjectText } from './SubjectText.tsx';

/** How many the side menu shows before "See all messages". */
export const LATEST_MESSAGES_SHOWN = 3;

const rowClass = 'flex items-center gap-3 rounded-lg px-3 py-2.5 hover:bg-muted';

/**
 * The side menu's Messages section (accounts spec: the side menu's Messages): the latest messages to oneself,
 * each leading to /me-ahead, or `emptyState` when there are none.
 */
export function LatestMessages({
  onNavigate,
  emptyState,
}: {
  onNavigate: () => void;
  emptyState: ReactNode;
}) {
  const timeZone = useUserTimeZone();
  const latest = useMessagePage(0, LATEST_MESSAGES_SHOWN);
  const messages = latest.data?.items ?? [];
  const subjects = useOpenedSubjects(messages);

  if (latest.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2 px-3">
        <span className="sr-only">Loading messages</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (messages.length === 0 && !latest.isError) return emptyState;

  return (
    <>
      {messages.length > 0 ? (
        <ul className="flex flex-col">
          {messages.map((message, index) => (
            <li key={message.id}>
              <Link to="/me-ahead" onClick={onNavigate} className={rowClass}>
                <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <SubjectText opened={subjects[index]} className="text-sm" />
                  <span className="text-xs text-muted-foreground">
                    <time dateTime={message.sendAt}>{formatSendTime(message.sendAt, timeZone)}</time>
                  </span>
                </span>
                <MessageStatusBadge status={message.status} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/me-ahead" onClick={onNavigate} className={`${rowClass} text-sm font-medium text-primary`}>
        See all messages
      </Link>
    </>
  );
}
