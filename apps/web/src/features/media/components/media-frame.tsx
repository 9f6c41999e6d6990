import type { CSSProperties } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { MediaItem } from '../media-item.ts';

/** A photo or a poster whose size is not known yet is drawn at the shape most of them have. */
const DEFAULT_ASPECT = { image: '4 / 3', video: '16 / 9' } as const;

/**
 * A photo or a video in a list: the card's full width at its own aspect, never taller than 34rem (nor 75% of a
 * short screen), which a landscape photo (3:2, 4:3, 16:9) never reaches on the widest card; a square or taller
 * picture is shown whole inside that height, on a blurred copy of itself (ADR 086).
 */
export const FRAME_CLASS = 'relative block w-full max-h-[min(34rem,75svh)] overflow-hidden rounded-xl';

/** A voice note's bar: the same height before and after its player loads. */
export const VOICE_NOTE_CLASS =
  'flex h-16 w-full items-center gap-3 rounded-xl border bg-muted/40 py-2 pr-2 pl-2';

/** The frame's aspect, from the thumbnail's size when the list gave it, so nothing moves when it loads. */
export function frameStyle(item: Pick<MediaItem, 'kind' | 'thumbnailSize'>): CSSProperties {
  const size = item.thumbnailSize;
  const fallback = item.kind === 'video' ? DEFAULT_ASPECT.video : DEFAULT_ASPECT.image;
  return { aspectRatio: size ? `${size.width} / ${size.height}` : fallback };
}

/** What stands in the frame while the item's code loads: its exact shape, pulsing. */
export function MediaFrameSkeleton({
  item,
  className,
}: {
  item: Pick<MediaItem, 'kind' | 'thumbnailSize'>;
  className?: string | undefined;
}) {
  if (item.kind === 'audio') {
    return (
      <div aria-hidden="true" className={cn(VOICE_NOTE_CLASS, 'motion-safe:animate-pulse', className)}>
        <span className="size-11 shrink-0 rounded-full bg-muted" />
        <span className="h-2 flex-1 rounded-full bg-muted" />
      </div>
    );
  }
  return (
    <div
      aria-hidden="true"
      style={frameStyle(item)}
      className={cn(FRAME_CLASS, 'bg-muted motion-safe:animate-pulse', className)}
    />
  );
}
