import { MEDIA_MESSAGES } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMediaUrl } from '../api/get-media-url.ts';
import { thumbnailUrlQueryKey } from '../api/get-thumbnail-url.ts';
import { type EntryContentType, isMediaKind } from '../media-kind.ts';
import { MediaPlayer } from './MediaPlayer.tsx';

export const MEDIA_VIEWER_TITLE = 'Media Viewer';

export { type EntryContentType, isMediaKind } from '../media-kind.ts';

export type MediaViewerProps = {
  entryId: string;
  contentType: EntryContentType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** docs/product/media.md#media-viewer: "Media Viewer", or "Shared by {name}". */
  title?: string;
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

/** The body of the viewer: fetches the signed URL (only while shown) and plays what it points at. */
function ViewerBody({ entryId, contentType }: { entryId: string; contentType: EntryContentType }) {
  const canShow = isMediaKind(contentType);
  const url = useMediaUrl(entryId, canShow);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // The poster the card already shows, if any: the viewer asks for nothing more.
  const poster = useQueryClient().getQueryData<{ url: string }>(thumbnailUrlQueryKey(entryId))?.url;

  if (!canShow) return <Unavailable message={MEDIA_MESSAGES.unsupported} />;
  if (url.isPending) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">Loading media…</span>
        <Skeleton className="aspect-video w-full" />
      </div>
    );
  }
  if (url.isError || failedUrl === url.data.url) return <Unavailable message={MEDIA_MESSAGES.unavailable} />;
  const kind = url.data.mediaType ?? contentType;
  if (!isMediaKind(kind)) return <Unavailable message={MEDIA_MESSAGES.unsupported} />;
  const src = url.data.url;
  return (
    <MediaPlayer
      kind={kind}
      src={src}
      label={`Attached ${kind}`}
      onError={() => setFailedUrl(src)}
      {...(kind === 'video' && poster ? { poster } : {})}
    />
  );
}

/**
 * docs/product/media.md#media-viewer for a saved entry: the image, or an audio or video player, from a signed URL
 * (cached 50 minutes); "Media unavailable" when it cannot be had, "Unsupported media type" otherwise.
 */
export function MediaViewer({
  entryId,
  contentType,
  open,
  onOpenChange,
  title = MEDIA_VIEWER_TITLE,
}: MediaViewerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">The media attached to this reflection.</DialogDescription>
        </DialogHeader>
        {open ? <ViewerBody entryId={entryId} contentType={contentType} /> : null}
      </DialogContent>
    </Dialog>
  );
}
