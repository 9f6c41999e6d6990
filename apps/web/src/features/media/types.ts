import type { MediaDraft, MediaKind } from '@daybook/shared';

/** What the person sees of an attached file before the entry is saved. */
export type MediaPreview = {
  /**
   * An object URL of the uploaded bytes. Its owner is whoever keeps the attachment: revoke it with
   * `URL.revokeObjectURL` when the attachment is dropped (`useMediaAttachment` does this for you).
   */
  url: string;
  kind: MediaKind;
  mimeType: string;
  /** The chosen file's name, or "Photo" / "Audio recording" / "Video recording". */
  name: string;
  sizeBytes: number;
};

/** One attachment per entry: the uploaded draft (its `id` is the entry's `mediaDraftId`) and its preview. */
export type MediaAttachment = { draft: MediaDraft; preview: MediaPreview };

/** The props the attach button and panel share with their owner. */
export type AttachMediaControlProps = {
  /** The entry's current attachment, or null. */
  attachment: MediaAttachment | null;
  /** A file has been checked, moderated and uploaded as a draft. */
  onAttached: (draft: MediaDraft, preview: MediaPreview) => void;
  /** The person pressed Remove. */
  onCleared: () => void;
  /**
   * True while a file is being checked, moderated or uploaded, or a recording is under way: the quick
   * entry card must not collapse then (docs/product/entries.md#entries-quick-entry).
   */
  onBusyChange?: (isBusy: boolean) => void;
  /**
   * An attribute set (empty) on the panel, which is rendered outside the caller, so that a blur into it
   * can be recognised, e.g. the quick entry card's `data-entry-card-layer`.
   */
  layerAttribute?: string;
};

/** Marks the attach panel and its popups (rendered in a portal). */
export const MEDIA_LAYER_ATTRIBUTE = 'data-media-layer';
