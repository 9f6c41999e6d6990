import type { Entry } from '@daybook/shared';
import { lazy, Suspense } from 'react';
import { isMediaKind } from '../media-kind.ts';
import { MediaFrameSkeleton } from './media-frame.tsx';

/** The entry's item, its players and the viewer load with the first attachment a list shows (ADR 076, 086). */
const EntryMediaBody = lazy(async () => ({ default: (await import('./EntryMediaBody.tsx')).EntryMediaBody }));

export type EntryMediaPreviewProps = {
  entry: Pick<
    Entry,
    'id' | 'contentType' | 'mediaUrl' | 'hasThumbnail' | 'thumbnailSize' | 'createdAt' | 'timeZone'
  > & {
    /** The entry's text as decrypted in the browser: the viewer's caption is its first line. */
    text: string;
    isDecryptionFailed?: boolean;
  };
  /** The account's zone, for an entry written before zones were kept (ADR 066). */
  accountZone?: string | undefined;
  /** The viewer's title; "Media Viewer" by default. */
  viewerTitle?: string | undefined;
  className?: string | undefined;
};

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
