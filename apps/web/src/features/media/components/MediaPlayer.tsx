import type { MediaKind } from '@daybook/shared';
import { cn } from '../../../lib/cn.ts';

type MediaPlayerProps = {
  kind: MediaKind;
  src: string;
  /** Alt text of an image, accessible name of a player. */
  label: string;
  onError?: () => void;
  className?: string;
};

/** An image, or an audio or video player with the browser's own controls. */
export function MediaPlayer({ kind, src, label, onError, className }: MediaPlayerProps) {
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
      <audio controls src={src} aria-label={label} onError={onError} className={cn('w-full', className)} />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: a personal video note has no captions to offer.
    <video
      controls
      playsInline
      src={src}
      aria-label={label}
      onError={onError}
      className={cn('max-h-[60dvh] w-full rounded-lg bg-black', className)}
    />
  );
}
