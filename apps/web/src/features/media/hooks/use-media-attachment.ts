import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttachMediaControlProps, MediaAttachment } from '../types.ts';

/**
 * Keeps an entry's attachment for its form (e.g. the quick entry card) and owns its preview URL: the URL is
 * revoked when the attachment is removed, replaced or cleared, and when the form goes away.
 *
 * ```tsx
 * const media = useMediaAttachment();
 * <AttachMediaButton {...media.controlProps} />
 * save({ text, mood, mediaDraftId: media.attachment?.draft.id }); // then media.clear()
 * ```
 */
export function useMediaAttachment() {
  const [attachment, setAttachment] = useState<MediaAttachment | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const current = useRef<MediaAttachment | null>(null);

  const replace = useCallback((next: MediaAttachment | null) => {
    const previous = current.current;
    if (previous && previous.preview.url !== next?.preview.url) URL.revokeObjectURL(previous.preview.url);
    current.current = next;
    setAttachment(next);
  }, []);

  const clear = useCallback(() => replace(null), [replace]);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.preview.url);
      current.current = null;
    },
    [],
  );

  const controlProps: AttachMediaControlProps = {
    attachment,
    onAttached: (draft, preview) => replace({ draft, preview }),
    onCleared: clear,
    onBusyChange: setIsBusy,
  };

  return {
    attachment,
    /** The draft id to create the entry with. */
    mediaDraftId: attachment?.draft.id ?? null,
    /** A file is being checked, moderated or uploaded, or a recording is under way. */
    isBusy,
    clear,
    controlProps,
  };
}
