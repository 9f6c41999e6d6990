import { lazy, Suspense } from 'react';
import type { MediaContext, MediaItem } from '../media-item.ts';
import { isMediaKind } from '../media-kind.ts';
import { MediaFrameSkeleton } from './media-frame.tsx';

/**
 * The players, the photo's layers and their icons load when a list first shows an attachment, not with the
 * dashboard's first screen (ADR 076, ADR 086); the frame stands at its final size meanwhile.
 */
const MediaItemBody = lazy(async () => ({ default: (await import('./MediaItemBody.tsx')).MediaItemBody }));

export type MediaItemPreviewProps = {
  item: MediaItem;
  /** The entry's date and caption, shown by the viewer. */
  context: MediaContext;
  /** The viewer's title; "Media Viewer" by default (docs/product/media.md#media-viewer). */
  viewerTitle?: string | undefined;
  className?: string | undefined;
};

/**
 * One attachment as a memory, opening the Media Viewer: a photo at the card's width (its thumbnail first, then
 * the full picture), a voice note with its length and a play button, a video as its poster under a play mark
 * with its length. Renders nothing for a kind it does not know. One item: a gallery renders one per attachment.
 */
export function MediaItemPreview({ item, context, viewerTitle, className }: MediaItemPreviewProps) {
  if (!isMediaKind(item.kind)) return null;
  return (
    <Suspense fallback={<MediaFrameSkeleton item={item} className={className} />}>
      <MediaItemBody item={item} context={context} viewerTitle={viewerTitle} className={className} />
    </Suspense>
  );
}
