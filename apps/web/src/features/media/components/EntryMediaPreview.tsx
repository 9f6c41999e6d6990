import { lazy, Suspense } from 'react';
import type { EntryMediaPreviewProps } from '../media-item.ts';
import { isMediaKind } from '../media-kind.ts';
import { MediaFrameSkeleton } from './media-frame.tsx';

/** The entry's item, its players and the viewer load with the first attachment a list shows (ADR 076, 086). */
const EntryMediaBody = lazy(async () => ({ default: (await import('./EntryMediaBody.tsx')).EntryMediaBody }));

export type { EntryMediaPreviewProps } from '../media-item.ts';

/**
 * An entry's own attachment on its card, as `MediaItemPreview` shows an item (`entryMediaItem`). Its frame stands
 * at its final size while the code loads. Nothing for a text entry.
 */
export function EntryMediaPreview(props: EntryMediaPreviewProps) {
  const { entry, className } = props;
  if (!isMediaKind(entry.contentType)) return null;
  const shape = { kind: entry.contentType, thumbnailSize: entry.thumbnailSize ?? null };
  return (
    <Suspense fallback={<MediaFrameSkeleton item={shape} className={className} />}>
      <EntryMediaBody {...props} />
    </Suspense>
  );
}
