import { lazy, Suspense, useState } from 'react';
import type { MediaContext, MediaItem } from '../media-item.ts';
import { PhotoMemory } from './PhotoMemory.tsx';
import { VideoMemory } from './VideoMemory.tsx';
import { VoiceNote } from './VoiceNote.tsx';

const loadViewer = () => import('./MediaViewer.tsx');
const warmViewer = () => void loadViewer();
/** The viewer (Radix's dialog, the players) loads when pointed at or first opened, not with the list (ADR 046). */
const MediaViewer = lazy(async () => ({ default: (await loadViewer()).MediaViewer }));

type MediaItemBodyProps = {
  item: MediaItem;
  context: MediaContext;
  viewerTitle?: string | undefined;
  className?: string | undefined;
};

/** `MediaItemPreview`'s code, loaded with the first attachment a list shows. */
export function MediaItemBody({ item, context, viewerTitle, className }: MediaItemBodyProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const openViewer = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  const Shown = item.kind === 'image' ? PhotoMemory : item.kind === 'audio' ? VoiceNote : VideoMemory;
  return (
    <>
      {/* Pointing at or focusing the attachment fetches the viewer's code, so that it opens at once. */}
      <Shown item={item} onOpen={openViewer} onWarm={warmViewer} className={className} />
      {hasOpened ? (
        <Suspense fallback={null}>
          <MediaViewer
            item={item}
            context={context}
            open={isOpen}
            onOpenChange={setIsOpen}
            autoPlay={item.kind === 'video'}
            {...(viewerTitle ? { title: viewerTitle } : {})}
          />
        </Suspense>
      ) : null}
    </>
  );
}
