import type { MediaKind } from '@daybook/shared';
import type { SyntheticEvent } from 'react';
import { cn } from '../../../lib/cn.ts';
import { METADATA_TIMEOUT_MS, resolveDuration } from '../../../lib/media/media-element.ts';

type MediaPlayerProps = {
  kind: MediaKind;
  src: string;
  /** Alt text of an image, accessible name of a player. */
  label: string;
  onError?: () => void;
  /** A video's poster (its thumbnail), shown until it plays. */
  poster?: string;
  className?: string;
};

/**
 * A recording made before its length was written into the file (WebM from a MediaRecorder) reports an endless
 * duration, and the browser's controls showed "0:00" until it had played through. Seeking past the end makes the
 * browser find the length; the player is then put back at the start, so the controls show the real length.
 */
async function showRealDuration(event: SyntheticEvent<HTMLMediaElement>) {
  const element = event.currentTarget;
  if (Number.isFinite(element.duration)) return;
  if (Number.isFinite(await resolveDuration(element, METADATA_TIMEOUT_MS))) element.currentTime = 0;
}

/** An image, or an audio or video player with the browser's own controls. */
export function MediaPlayer({ kind, src, label, onError, poster, className }: MediaPlayerProps) {
  if (kind === 'image') {
    return (
      <img
        src={src}
        alt={label}
        onError={onError}
        className={cn('max-h-[60dvh] w-full rounded-lg bg-muted object-contain', className)}
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
      src={src}
      poster={poster}
      aria-label={label}
      onError={onError}
      onLoadedMetadata={showRealDuration}
      className={cn('max-h-[60dvh] w-full rounded-lg bg-black', className)}
    />
  );
}
