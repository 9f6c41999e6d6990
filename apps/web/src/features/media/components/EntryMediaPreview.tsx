import { Image, Mic, Video } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useMediaUrl } from '../api/get-media-url.ts';
import { type EntryContentType, isMediaKind } from '../media-kind.ts';

/** The viewer (Radix's dialog, the players) loads when an attachment is first opened, not with the list (ADR 046). */
const MediaViewer = lazy(async () => ({ default: (await import('./MediaViewer.tsx')).MediaViewer }));

const LABEL = {
  image: 'View attached image',
  audio: 'Play attached audio',
  video: 'Play attached video',
} as const;
const SHORT = { image: 'Image', audio: 'Audio', video: 'Video' } as const;
const ICON = { image: Image, audio: Mic, video: Video } as const;

export type EntryMediaPreviewProps = {
  entryId: string;
  contentType: EntryContentType;
  /** The viewer's title; "Media Viewer" by default. */
  viewerTitle?: string;
  className?: string;
};

/** A small thumbnail for an image (from the signed URL), nothing more: it falls back to the icon. */
function Thumbnail({ entryId }: { entryId: string }) {
  const url = useMediaUrl(entryId);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url.data || failedUrl === url.data.url) return <Image aria-hidden="true" />;
  const src = url.data.url;
  return (
    <img
      src={src}
      alt=""
      onError={() => setFailedUrl(src)}
      className="size-10 shrink-0 rounded-md bg-muted object-cover"
    />
  );
}

/**
 * A compact button on an entry card for its attached media (an image thumbnail, or an audio or video icon)
 * that opens the Media Viewer. Renders nothing for a text entry.
 */
export function EntryMediaPreview({ entryId, contentType, viewerTitle, className }: EntryMediaPreviewProps) {
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  if (!isMediaKind(contentType)) return null;
  const Icon = ICON[contentType];
  return (
    <>
      <button
        type="button"
        aria-label={LABEL[contentType]}
        aria-haspopup="dialog"
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
        className={cn(
          'inline-flex items-center gap-2 rounded-lg border bg-card py-1 pr-3 pl-1 text-sm font-medium text-foreground transition-colors hover:bg-muted [&_svg]:ml-1.5 [&_svg]:size-4 [&_svg]:text-muted-foreground',
          className,
        )}
      >
        {contentType === 'image' ? <Thumbnail entryId={entryId} /> : <Icon aria-hidden="true" />}
        {SHORT[contentType]}
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MediaViewer
            entryId={entryId}
            contentType={contentType}
            open={open}
            onOpenChange={setOpen}
            {...(viewerTitle ? { title: viewerTitle } : {})}
          />
        </Suspense>
      ) : null}
    </>
  );
}
