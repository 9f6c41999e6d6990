import { PRIVATE_MODE_NOTICES } from '@daybook/shared';
import { ImageOff, Lock } from 'lucide-react';
import { useState } from 'react';
import { useIsNearScreen } from '../../../components/ui/when-near-screen.tsx';
import { cn } from '../../../lib/cn.ts';
import { useKeepOpened, useMediaLink, useThumbnailLink } from '../hooks/use-media-link.ts';
import type { MediaItem } from '../media-item.ts';
import { FRAME_CLASS, frameStyle } from './media-frame.tsx';

/** The photo's name for screen readers: it names the button, which says by its popup that it opens a viewer. */
export const PHOTO_ALT = 'Attached photo';

type PhotoMemoryProps = {
  item: MediaItem;
  onOpen: () => void;
  /** Called when the person points at or focuses it: the viewer's code can start loading. */
  onWarm?: () => void;
  className?: string | undefined;
};

/**
 * A photo at the card's full width and its own aspect (ADR 086). The server's small thumbnail (ADR 044) shows
 * first, over a blurred copy of itself that fills the frame when the photo is taller than the frame allows;
 * the full picture loads as the card nears the screen and fades in over it. The frame's size is set before
 * anything loads, so the list never moves. One accessible image: the layers are its drawing. Once the full
 * picture has loaded, it and its thumbnail are kept for reading offline; offline, they are read from there
 * (ADR 093).
 */
/** A photo or video sealed under the account key while this session holds none (ADR 096): says how to see it. */
export function LockedMedia() {
  return (
    <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-muted px-4 text-center text-sm text-muted-foreground">
      <Lock aria-hidden="true" className="size-6" />
      {PRIVATE_MODE_NOTICES.mediaLocked}
    </span>
  );
}

export function PhotoMemory({ item, onOpen, onWarm, className }: PhotoMemoryProps) {
  const thumbnail = useThumbnailLink(item.thumbnailPath);
  // The full picture is asked for only near the screen: one sealed under the account key is downloaded whole to be
  // opened (ADR 096), and a page of photos would otherwise fetch them all at once.
  const { ref, isNear } = useIsNearScreen<HTMLButtonElement>();
  const full = useMediaLink(item.urlPath, isNear);
  const keepOpened = useKeepOpened();
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const markLoaded = (src: string) => () => setLoaded((set) => new Set(set).add(src));
  const markFailed = (src: string) => () => setFailed((set) => new Set(set).add(src));
  // Seen whole: kept, once it is shown, with its thumbnail.
  const onFullLoaded = (src: string) => () => {
    markLoaded(src)();
    keepOpened([
      { path: item.urlPath, link: full },
      { path: item.thumbnailPath, link: thumbnail },
    ]);
  };

  const thumbSrc = thumbnail.data && !failed.has(thumbnail.data.url) ? thumbnail.data.url : undefined;
  const fullSrc = full.data && !failed.has(full.data.url) ? full.data.url : undefined;
  const isFullShown = fullSrc !== undefined && loaded.has(fullSrc);
  const isThumbShown = thumbSrc !== undefined && loaded.has(thumbSrc);
  const isThumbGone =
    item.thumbnailPath === null ||
    thumbnail.isError ||
    (thumbnail.data !== undefined && thumbSrc === undefined);
  const isFullGone = full.isError || (full.data !== undefined && fullSrc === undefined);
  const hasFailed = isThumbGone && isFullGone;
  const state = hasFailed ? 'failed' : isFullShown ? 'full' : isThumbShown ? 'thumbnail' : 'loading';
  // A photo stored before sizes were listed learns its aspect from the thumbnail's answer.
  const size = item.thumbnailSize ?? (thumbnail.data ? thumbnail.data : null);

  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="dialog"
      onClick={onOpen}
      onPointerEnter={onWarm}
      onFocus={onWarm}
      data-state={state}
      style={frameStyle({ kind: 'image', thumbnailSize: size })}
      className={cn(
        FRAME_CLASS,
        'group cursor-zoom-in bg-muted',
        state === 'loading' && 'motion-safe:animate-pulse',
        className,
      )}
    >
      <span role="img" aria-label={item.label ?? PHOTO_ALT} className="absolute inset-0">
        {thumbSrc ? (
          <>
            <img
              src={thumbSrc}
              alt=""
              loading="lazy"
              decoding="async"
              data-layer="backdrop"
              className="absolute inset-0 size-full scale-110 object-cover opacity-60 blur-2xl"
            />
            <img
              src={thumbSrc}
              alt=""
              loading="lazy"
              decoding="async"
              data-layer="thumbnail"
              onLoad={markLoaded(thumbSrc)}
              onError={markFailed(thumbSrc)}
              className="absolute inset-0 size-full object-contain"
            />
          </>
        ) : null}
        {fullSrc ? (
          <img
            src={fullSrc}
            alt=""
            loading="lazy"
            decoding="async"
            data-layer="full"
            onLoad={onFullLoaded(fullSrc)}
            onError={markFailed(fullSrc)}
            className={cn(
              'absolute inset-0 size-full object-contain motion-safe:transition-opacity motion-safe:duration-300',
              isFullShown ? 'opacity-100' : 'opacity-0',
            )}
          />
        ) : null}
      </span>
      {hasFailed && (full.isLocked || thumbnail.isLocked) ? (
        <LockedMedia />
      ) : hasFailed ? (
        <span aria-hidden="true" className="absolute inset-0 grid place-items-center text-muted-foreground">
          <ImageOff className="size-8" />
        </span>
      ) : null}
      {/* Pointing at the photo says it opens larger. */}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 rounded-xl ring-1 ring-black/5 ring-inset transition-colors group-hover:bg-black/5 dark:ring-white/10"
      />
    </button>
  );
}
