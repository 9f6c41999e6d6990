import { Image, Mic, Play, Video } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useThumbnailUrl } from '../api/get-thumbnail-url.ts';
import { type EntryContentType, isMediaKind } from '../media-kind.ts';

/** The viewer (Radix's dialog, the players) loads when an attachment is first opened, not with the list (ADR 046). */
const MediaViewer = lazy(async () => ({ default: (await import('./MediaViewer.tsx')).MediaViewer }));

const LABEL = {
  audio: 'Play attached audio',
  video: 'Play attached video',
} as const;
const SHORT = { audio: 'Audio', video: 'Video' } as const;
const ICON = { audio: Mic, video: Video } as const;

/** The photo's name for screen readers: it names the button, which says by its popup that it opens a viewer. */
export const PHOTO_ALT = 'Attached photo';
/** The thumbnail's side on the card in CSS pixels; the server's thumbnail (320 px) is sharp at 2x and more. */
export const THUMBNAIL_SIZE_PX = 96;

export type EntryMediaPreviewProps = {
  entryId: string;
  /** One of an imported entry's further attachments (ADR 088) rather than the entry's own. */
  attachmentId?: string | undefined;
  /**
   * The attachment's name for screen readers where an entry has several ("Photo 2", as its text's mark says);
   * the usual "Attached photo" / "Play attached audio" otherwise.
   */
  label?: string | undefined;
  contentType: EntryContentType;
  /** The viewer's title; "Media Viewer" by default. */
  viewerTitle?: string;
  /** A video with a poster shows it (Entry.hasThumbnail); an image's thumbnail is asked for in any case. */
  hasThumbnail?: boolean;
  className?: string;
};

/**
 * The photo as the server's thumbnail (ADR 044), in a square of fixed size: the card never moves when it
 * arrives. A skeleton shows until it has loaded; the image waits until it is near the viewport and decodes off
 * the main thread. When there is no thumbnail to show, the photo icon takes its place.
 */
function PhotoThumbnail({
  entryId,
  attachmentId,
  alt = PHOTO_ALT,
}: {
  entryId: string;
  attachmentId?: string | undefined;
  alt?: string;
}) {
  const thumbnail = useThumbnailUrl(entryId, attachmentId);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = thumbnail.data?.url;
  const hasFailed = thumbnail.isError || (src !== undefined && failedUrl === src);
  const isLoaded = src !== undefined && loadedUrl === src;
  return (
    <span
      data-state={hasFailed ? 'failed' : isLoaded ? 'loaded' : 'loading'}
      className={cn(
        'relative flex size-24 items-center justify-center overflow-hidden rounded-md bg-muted',
        !isLoaded && !hasFailed && 'motion-safe:animate-pulse',
      )}
    >
      {src && !hasFailed ? (
        <img
          src={src}
          alt={alt}
          width={THUMBNAIL_SIZE_PX}
          height={THUMBNAIL_SIZE_PX}
          loading="lazy"
          decoding="async"
          onLoad={() => setLoadedUrl(src)}
          onError={() => setFailedUrl(src)}
          className={cn(
            'size-full object-cover motion-safe:transition-opacity motion-safe:duration-200',
            isLoaded ? 'opacity-100' : 'opacity-0',
          )}
        />
      ) : (
        <>
          {hasFailed ? <Image aria-hidden="true" className="size-6 text-muted-foreground" /> : null}
          <span className="sr-only">{alt}</span>
        </>
      )}
    </span>
  );
}

/**
 * An entry's attached media on its card, opening the Media Viewer: a photo as its thumbnail (a button, so Enter
 * and Space open it too), a video as its poster under a play mark when it has one, audio or video otherwise as a
 * compact button with its icon. Renders nothing for a text entry.
 */
export function EntryMediaPreview({
  entryId,
  attachmentId,
  label,
  contentType,
  viewerTitle,
  hasThumbnail = false,
  className,
}: EntryMediaPreviewProps) {
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  if (!isMediaKind(contentType)) return null;
  const openViewer = () => {
    setHasOpened(true);
    setOpen(true);
  };
  const viewer = hasOpened ? (
    <Suspense fallback={null}>
      <MediaViewer
        entryId={entryId}
        attachmentId={attachmentId}
        contentType={contentType}
        open={open}
        onOpenChange={setOpen}
        {...(viewerTitle ? { title: viewerTitle } : {})}
      />
    </Suspense>
  ) : null;
  if (contentType === 'image') {
    return (
      <>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={openViewer}
          className={cn(
            'shrink-0 rounded-lg border bg-card p-0.5 transition-colors hover:border-primary/60',
            className,
          )}
        >
          <PhotoThumbnail entryId={entryId} attachmentId={attachmentId} alt={label ?? PHOTO_ALT} />
        </button>
        {viewer}
      </>
    );
  }
  if (contentType === 'video' && hasThumbnail) {
    return (
      <>
        <button
          type="button"
          aria-label={label ?? LABEL.video}
          aria-haspopup="dialog"
          onClick={openViewer}
          className={cn(
            'relative shrink-0 rounded-lg border bg-card p-0.5 transition-colors hover:border-primary/60',
            className,
          )}
        >
          <PhotoThumbnail entryId={entryId} attachmentId={attachmentId} alt="" />
          <span
            aria-hidden="true"
            className="absolute inset-0 flex items-center justify-center [&_svg]:size-8 [&_svg]:rounded-full [&_svg]:bg-black/55 [&_svg]:p-2 [&_svg]:text-white"
          >
            <Play fill="currentColor" />
          </span>
        </button>
        {viewer}
      </>
    );
  }
  const Icon = ICON[contentType];
  return (
    <>
      <button
        type="button"
        aria-label={label ?? LABEL[contentType]}
        aria-haspopup="dialog"
        onClick={openViewer}
        className={cn(
          'inline-flex items-center gap-2 rounded-lg border bg-card py-1 pr-3 pl-1 text-sm font-medium text-foreground transition-colors hover:bg-muted [&_svg]:ml-1.5 [&_svg]:size-4 [&_svg]:text-muted-foreground',
          className,
        )}
      >
        <Icon aria-hidden="true" />
        {SHORT[contentType]}
      </button>
      {viewer}
    </>
  );
}
