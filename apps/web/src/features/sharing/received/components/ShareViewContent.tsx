import { SHARE_MESSAGES, type ShareView } from '@daybook/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Ban, FileX2, SearchX } from 'lucide-react';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { LazyMarkdownBody, loadMarkdownBody } from '../../../../components/ui/markdown-body-lazy.tsx';
import { RetryAlert } from '../../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../../lib/api-client.ts';
import { moodEmoji } from '../../../../lib/mood-emoji.ts';
import { relativeTime } from '../../../../lib/relative-time.ts';
import { ShareMedia } from './ShareMedia.tsx';

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

function Unavailable({ icon, title, body }: { icon: ReactNode; title: string; body?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg bg-muted/60 px-4 py-10 text-center">
      {icon}
      <p className="font-semibold">{title}</p>
      {body ? <p className="text-sm text-muted-foreground">{body}</p> : null}
    </div>
  );
}

const STATUS_BADGE = {
  expired: SHARE_MESSAGES.shareExpiredBadge,
} as const;

/**
 * docs/product/sharing.md#sharing-viewer: the sender, when it was shared, the note, the media and the entry text; the revoked or
 * expired badge; the unavailable screens. Shared by the in-app dialog and the /share/{token} page, which adds
 * nothing (`actions` is the dialog's thank-you and report).
 */
export function ShareViewContent({
  query,
  actions,
  textClassName = 'text-base leading-relaxed',
}: {
  query: UseQueryResult<ShareView>;
  actions?: ReactNode;
  /** The entry text's size: the dialog's body size, or larger on the page that shows nothing else. */
  textClassName?: string;
}) {
  // The text always goes through the Markdown renderer here (the page shows one entry), whose chunk loads beside
  // the share's answer. The cheap prose check would tie the shared Markdown rules to this page, which a visitor
  // opens without an account, and with them to every visitor's first load (ADR 064).
  useEffect(() => void loadMarkdownBody(), []);
  if (query.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading the shared reflection…</span>
        <div className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-4 w-40" />
        </div>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <Unavailable
          icon={<SearchX aria-hidden="true" className="size-8 text-muted-foreground" />}
          title={SHARE_MESSAGES.notFound}
        />
      );
    }
    return <RetryAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  }

  const view = query.data;
  // A revoked share says so and nothing else: the server sends no sender, date, note or history for it.
  if (view.status === 'revoked' || !view.sender || !view.sharedAt) {
    return (
      <Unavailable
        icon={<Ban aria-hidden="true" className="size-8 text-muted-foreground" />}
        title={SHARE_MESSAGES.shareRevokedBadge}
      />
    );
  }
  const sender = view.sender;
  const statusBadge = view.status === 'expired' ? STATUS_BADGE.expired : null;
  const emoji = moodEmoji(view.entry?.moodTag);

  return (
    <article className="flex flex-col gap-4" aria-label={`Reflection shared by ${sender.name}`}>
      <header className="flex items-center gap-3">
        <Avatar name={sender.name} className="size-10" />
        <div className="flex min-w-0 flex-col">
          <p className="truncate font-semibold">{sender.name}</p>
          <p className="text-sm text-muted-foreground">
            Shared <time dateTime={view.sharedAt}>{relativeTime(view.sharedAt)}</time>
          </p>
        </div>
        {emoji ? (
          <span role="img" aria-label={`Mood: ${view.entry?.moodTag}`} className="ml-auto text-2xl">
            {emoji}
          </span>
        ) : null}
      </header>

      {statusBadge ? (
        <Badge variant="warning" className="self-start text-sm">
          {statusBadge}
        </Badge>
      ) : null}

      {view.note ? (
        <figure className="flex flex-col gap-1 rounded-lg border-l-4 border-primary/60 bg-muted/60 px-4 py-3">
          <figcaption className="text-xs font-semibold text-muted-foreground uppercase">
            Note from {sender.name}
          </figcaption>
          <blockquote className="text-sm whitespace-pre-wrap">{view.note}</blockquote>
        </figure>
      ) : null}

      {view.error === 'entry_deleted' ? (
        <Unavailable
          icon={<FileX2 aria-hidden="true" className="size-8 text-muted-foreground" />}
          title={SHARE_MESSAGES.entryDeletedTitle}
          body={SHARE_MESSAGES.entryDeletedBody}
        />
      ) : view.entry ? (
        <>
          {view.entry.media ? <ShareMedia media={view.entry.media} senderName={sender.name} /> : null}
          <Suspense fallback={<Skeleton className="h-24 w-full" />}>
            <LazyMarkdownBody
              text={view.entry.text}
              headingLevel={3}
              className={`font-serif ${textClassName}`}
            />
          </Suspense>
        </>
      ) : null}

      {actions}
    </article>
  );
}
