import { type ReceivedShare, SHARE_LIMITS } from '@daybook/shared';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { moodEmoji } from '../../../../lib/mood-emoji.ts';
import { relativeTime } from '../../../../lib/relative-time.ts';

/** One received share in the bell or on /shared: sender, when, the first 100 characters and the mood. */
export function ReceivedShareSummary({ share }: { share: ReceivedShare }) {
  const emoji = moodEmoji(share.moodTag);
  return (
    <span className="flex min-w-0 flex-1 items-start gap-3">
      <Avatar name={share.sender.name} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center gap-2">
          <span className={share.viewed ? 'truncate text-sm font-medium' : 'truncate text-sm font-semibold'}>
            {share.sender.name}
          </span>
          {emoji ? (
            <span role="img" aria-label={`Mood: ${share.moodTag}`}>
              {emoji}
            </span>
          ) : null}
          {share.viewed ? null : (
            <span className="ml-auto inline-flex items-center">
              <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
              <span className="sr-only">New</span>
            </span>
          )}
        </span>
        <span className="line-clamp-2 text-sm break-words text-muted-foreground">
          {share.preview.slice(0, SHARE_LIMITS.previewChars)}
        </span>
        <time dateTime={share.createdAt} className="text-xs text-muted-foreground">
          {relativeTime(share.createdAt)}
        </time>
      </span>
    </span>
  );
}
