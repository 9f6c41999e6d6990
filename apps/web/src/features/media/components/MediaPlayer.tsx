import type { MediaKind } from '@daybook/shared';
import type { SyntheticEvent } from 'react';
import { cn } from '../../../lib/cn.ts';
import { readRealDuration } from '../../../lib/media/media-element.ts';

type MediaPlayerProps = {
  kind: MediaKind;
  src: string;
  /** Alt text of an image, accessible name of a player. */
  label: string;
  onError?: () => void;
  /** The person has it before them: the image has loaded, the recording has started playing (ADR 093). */
  onOpened?: () => void;
  /** A video's poster (its thumbnail), shown until it plays. */
  poster?: string;
  /** Starts playing once it can (a video opened from its play mark). */
  autoPlay?: boolean;
  className?: string;
};

/** The controls show a recording's real length, not "0:00", when its header says nothing (ADR 086). */
function showRealDuration(event: SyntheticEvent<HTMLMediaElement>) {
  void readRealDuration(event.currentTarget);
}

/** An image, or an audio or video player with the browser's own controls. */
export function MediaPlayer({
  kind,
  src,
  label,
  onError,
  onOpened,
  poster,
  autoPlay,
  className,
}: MediaPlayerProps) {
  if (kind === 'image') {
    return (
      <img
        src={src}
        alt={label}
        onError={onError}
        onLoad={onOpened}
        // As large as the dialog allows at its own shape, with no bars beside or under it.
        className={cn('mx-auto block h-auto max-h-[65dvh] w-auto max-w-full rounded-lg', className)}
      />
    );
  }
  if (kind === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a personal voice note has no captions to offer.
      <audio
        controls
        src={src}
        aria-label={label}
        onError={onError}
        onPlay={onOpened}
        onLoadedMetadata={showRealDuration}
        className={cn('w-full', className)}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: a personal video note has no captions to offer.
    <video
      controls
      playsInline
      autoPlay={autoPlay}
      src={src}
      poster={poster}
      aria-label={label}
      onError={onError}
      onPlay={onOpened}
      onLoadedMetadata={showRealDuration}
      className={cn('max-h-[60dvh] w-full rounded-lg bg-black', className)}
    />
  );
}
