import { SHARE_MESSAGES, type ShareView } from '@daybook/shared';
import { ImageOff, Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { cn } from '../../../../lib/cn.ts';

type Media = NonNullable<NonNullable<ShareView['entry']>['media']>;

const KINDS = new Set(['image', 'audio', 'video']);

function MediaNotice({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex flex-col items-center gap-2 rounded-lg bg-muted px-4 py-8 text-center text-sm text-muted-foreground"
    >
      <ImageOff aria-hidden="true" className="size-6" />
      {message}
    </p>
  );
}

/** An image, or an audio or video player, from the share's signed URL; "Media unavailable" if it fails to load. */
function SharedMediaPlayer({ media, className }: { media: Media; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!KINDS.has(media.type)) return <MediaNotice message={SHARE_MESSAGES.unsupportedMedia} />;
  if (failedUrl === media.url) return <MediaNotice message={SHARE_MESSAGES.mediaUnavailable} />;
  const onError = () => setFailedUrl(media.url);
  const label = `Shared ${media.type}`;
  if (media.type === 'image') {
    return (
      <img
        src={media.url}
        alt={label}
        onError={onError}
        className={cn('max-h-80 w-full rounded-lg bg-muted object-contain', className)}
      />
    );
  }
  if (media.type === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a personal voice note has no captions to offer.
      <audio controls src={media.url} aria-label={label} onError={onError} className="w-full" />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: a personal video note has no captions to offer.
    <video
      controls
      playsInline
      src={media.url}
      aria-label={label}
      onError={onError}
      className={cn('max-h-80 w-full rounded-lg bg-black', className)}
    />
  );
}

/**
 * The shared entry's attachment, with the spec's Media viewer dialog ("Shared by {name}") to see an image or a
 * video at full size.
 */
export function ShareMedia({ media, senderName }: { media: Media; senderName: string }) {
  const [isViewerOpen, setIsViewerOpen] = useState(false);
  const canEnlarge = media.type === 'image' || media.type === 'video';
  return (
    <div className="flex flex-col gap-2">
      <SharedMediaPlayer media={media} />
      {canEnlarge ? (
        <Button variant="ghost" size="sm" className="self-end" onClick={() => setIsViewerOpen(true)}>
          <Maximize2 aria-hidden="true" />
          View full size
        </Button>
      ) : null}
      <Dialog open={isViewerOpen} onOpenChange={setIsViewerOpen}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{`Shared by ${senderName}`}</DialogTitle>
            <DialogDescription className="sr-only">The media attached to this reflection.</DialogDescription>
          </DialogHeader>
          {isViewerOpen ? <SharedMediaPlayer media={media} className="max-h-[70dvh]" /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
