import { useMemo } from 'react';
import { type EntryMediaPreviewProps, entryMediaContext, entryMediaItem } from '../media-item.ts';
import { MediaItemBody } from './MediaItemBody.tsx';

/** `EntryMediaPreview`'s code: the entry's one item, with its date and caption, shown as any item is. */
export function EntryMediaBody({ entry, accountZone, viewerTitle, className }: EntryMediaPreviewProps) {
  const item = useMemo(() => entryMediaItem(entry, accountZone), [entry, accountZone]);
  const context = useMemo(() => entryMediaContext(entry, accountZone), [entry, accountZone]);
  return <MediaItemBody item={item} context={context} viewerTitle={viewerTitle} className={className} />;
}
