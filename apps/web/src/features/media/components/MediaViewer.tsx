import { MEDIA_MESSAGES, PRIVATE_MODE_NOTICES, type SignedThumbnailUrl } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Download, ImageOff } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { thumbnailUrlQueryKey } from '../api/get-thumbnail-url.ts';
import { useKeepOpened, useMediaLink } from '../hooks/use-media-link.ts';
import type { MediaContext, MediaItem } from '../media-item.ts';
import { isMediaKind } from '../media-kind.ts';
import { MediaPlayer } from './MediaPlayer.tsx';

export const MEDIA_VIEWER_TITLE = 'Media Viewer';
export const DOWNLOAD_LABEL = 'Download';

export { type EntryContentType, isMediaKind } from '../media-kind.ts';

export type MediaViewerProps = {
  item: MediaItem;
  /** The entry's date (a heading under the title) and its caption (under the media). */
  context: MediaContext;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** docs/product/media.md#media-viewer: "Media Viewer", or "Shared by {name}". */
  title?: string;
  /** A video opened from its play mark starts playing (the press is the browser's permission to). */
  autoPlay?: boolean;
};

function Unavailable({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex flex-col items-center gap-2 rounded-lg bg-muted px-4 py-10 text-center text-sm"
    >
      <ImageOff aria-hidden="true" className="size-6 text-muted-foreground" />
      {message}
    </p>
  );
}

/** "Saturday, 28 November 2026 · 15:04", on the clock it was written by (ADR 066), in the reader's locale (ADR 085). */
function writtenOn(context: MediaContext): string {
  return `${formatInstant('longDate', context.writtenAt, context.timeZone)} · ${formatInstant('time', context.writtenAt, context.timeZone)}`;
}

/**
 * The body of the viewer: fetches the signed URL (only while shown), shows the media, its caption and Download.
 * What it shows is kept for reading offline once it is seen or played; offline, it comes from there (ADR 093).
 */
function ViewerBody({ item, caption, autoPlay }: { item: MediaItem; caption: string; autoPlay: boolean }) {
  const canShow = isMediaKind(item.kind);
  const url = useMediaLink(item.urlPath, canShow);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const keepOpened = useKeepOpened();
  // The poster the card already shows, if any: the viewer asks for nothing more.
  const thumbnail = item.thumbnailPath
    ? queryClient.getQueryData<SignedThumbnailUrl>(thumbnailUrlQueryKey(item.thumbnailPath))
    : undefined;
  const poster = thumbnail?.url;
  const onOpened = () =>
    keepOpened([
      { path: item.urlPath, link: url },
      { path: item.thumbnailPath, link: { data: thumbnail, isFromCopy: false } },
    ]);

  const captionShown = caption ? (
    <figcaption className="min-w-0 flex-1 text-base leading-relaxed break-words">{caption}</figcaption>
  ) : null;
  if (!canShow) return <Unavailable message={MEDIA_MESSAGES.unsupported} />;
  if (url.isPending) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">Loading media…</span>
        <Skeleton className="aspect-video w-full" />
      </div>
    );
  }
  if (url.isLocked) return <Unavailable message={PRIVATE_MODE_NOTICES.mediaLocked} />;
  if (url.isError || !url.data || failedUrl === url.data.url) {
    return <Unavailable message={MEDIA_MESSAGES.unavailable} />;
  }
  const kind = url.data.mediaType ?? item.kind;
  if (!isMediaKind(kind)) return <Unavailable message={MEDIA_MESSAGES.unsupported} />;
  const src = url.data.url;
  return (
    <figure className="flex flex-col gap-4">
      <MediaPlayer
        kind={kind}
        src={src}
        label={`Attached ${kind}`}
        onError={() => setFailedUrl(src)}
        onOpened={onOpened}
        autoPlay={autoPlay}
        {...(kind === 'video' && poster ? { poster } : {})}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {captionShown}
        {/* The link is on this origin (ADR 081), so the browser saves it under the name given. */}
        <a
          href={src}
          download={item.fileName}
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'ml-auto')}
        >
          <Download aria-hidden="true" />
          {DOWNLOAD_LABEL}
        </a>
      </div>
    </figure>
  );
}

/**
 * docs/product/media.md#media-viewer for one attachment: the entry's date, the image or an audio or video player from a
 * signed URL (cached 50 minutes), the entry's first line as its caption, and Download; "Media unavailable" when it
 * cannot be had, "Unsupported media type" otherwise. Escape and the close button close it, and focus goes back to
 * what opened it (Radix).
 */
export function MediaViewer({
  item,
  context,
  open,
  onOpenChange,
  title = MEDIA_VIEWER_TITLE,
  autoPlay = false,
}: MediaViewerProps) {
  // Radix gives focus back to its own Trigger, and a list opens the viewer from its own button: that button is
  // noted as the dialog opens (before the dialog takes focus) and has focus again when it closes.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);
  const giveFocusBack = (event: Event) => {
    if (!opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl gap-4 p-4 sm:p-6" onCloseAutoFocus={giveFocusBack}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            <time dateTime={context.writtenAt}>{writtenOn(context)}</time>
          </DialogDescription>
        </DialogHeader>
        {open ? <ViewerBody item={item} caption={context.caption} autoPlay={autoPlay} /> : null}
      </DialogContent>
    </Dialog>
  );
}
