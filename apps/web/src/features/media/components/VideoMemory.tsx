import { ImageOff, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { useIsNearScreen } from '../../../components/ui/when-near-screen.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMediaLength } from '../hooks/use-media-length.ts';
import { useMediaLink, useThumbnailLink } from '../hooks/use-media-link.ts';
import type { MediaItem } from '../media-item.ts';
import { clipLength } from './clip-length.ts';
import { FRAME_CLASS, frameStyle } from './media-frame.tsx';
import { LockedMedia } from './PhotoMemory.tsx';

export const PLAY_VIDEO = 'Play video';

type VideoMemoryProps = {
  item: MediaItem;
  onOpen: () => void;
  /** Called when the person points at or focuses it: the viewer's code can start loading. */
  onWarm?: () => void;
  className?: string | undefined;
};

/**
 * A video on its card as its poster frame (the frame its browser sent, ADR 044; without one, the video's own
 * first frame), at the card's width and the poster's aspect, under a play mark, with its length in the corner
 * (ADR 086). It plays in the viewer, which opens playing, and keeps it for watching offline; offline, the
 * poster and the video come from there (ADR 093).
 */
export function VideoMemory({ item, onOpen, onWarm, className }: VideoMemoryProps) {
  const thumbnail = useThumbnailLink(item.thumbnailPath);
  const { ref, isNear } = useIsNearScreen<HTMLButtonElement>();
  // A video sealed under the account key (ADR 096) would have to be downloaded whole to read its length or first
  // frame, so its card shows the poster alone and the viewer opens the file when it plays.
  const url = useMediaLink(item.urlPath, isNear, { openSealed: false });
  const isSealed = url.data?.sealedByUser === true;
  const length = useMediaLength(item.urlPath, isSealed ? undefined : url.data?.url, 'video');
  const lengthId = useId();
  const [failedPoster, setFailedPoster] = useState<string | null>(null);
  const poster = thumbnail.data && failedPoster !== thumbnail.data.url ? thumbnail.data.url : undefined;
  const hasNoPoster = item.thumbnailPath === null || thumbnail.isError || failedPoster !== null;
  const size = item.thumbnailSize ?? (thumbnail.data ? thumbnail.data : null);

  return (
    <button
      ref={ref}
      type="button"
      aria-label={item.label ?? PLAY_VIDEO}
      aria-describedby={length !== null ? lengthId : undefined}
      aria-haspopup="dialog"
      onClick={onOpen}
      onPointerEnter={onWarm}
      onFocus={onWarm}
      style={frameStyle({ kind: 'video', thumbnailSize: size })}
      className={cn(FRAME_CLASS, 'group bg-neutral-900 text-white', className)}
    >
      {poster ? (
        <img
          src={poster}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailedPoster(poster)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : hasNoPoster && url.data && !isSealed ? (
        // The first frame stands in for a poster: the element loads the header and that frame only.
        <video
          src={`${url.data.url}#t=0.1`}
          preload="metadata"
          muted
          playsInline
          tabIndex={-1}
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 size-full object-contain"
        />
      ) : url.isLocked || thumbnail.isLocked ? (
        <LockedMedia />
      ) : hasNoPoster && url.isError ? (
        <span aria-hidden="true" className="absolute inset-0 grid place-items-center text-white/60">
          <ImageOff className="size-8" />
        </span>
      ) : null}
      <span
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-black/50 via-black/0 to-black/0 transition-colors group-hover:bg-black/10"
      />
      <span aria-hidden="true" className="absolute inset-0 grid place-items-center">
        <span className="grid size-16 place-items-center rounded-full bg-black/55 shadow-lg ring-1 ring-white/40 backdrop-blur-sm transition-transform group-hover:scale-105">
          <Play className="size-7 translate-x-0.5" fill="currentColor" />
        </span>
      </span>
      {length !== null ? (
        <span
          id={lengthId}
          className="absolute right-2.5 bottom-2.5 rounded-md bg-black/65 px-1.5 py-0.5 text-xs font-medium tabular-nums"
        >
          {clipLength(length)}
        </span>
      ) : null}
    </button>
  );
}
