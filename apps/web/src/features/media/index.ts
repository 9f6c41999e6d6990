export { entryMediaUrlPath, mediaUrlQueryKey, mediaUrlQueryOptions } from './api/get-media-url.ts';
export { entryThumbnailUrlPath } from './api/get-thumbnail-url.ts';
export { AttachedMediaPreview } from './components/AttachedMediaPreview.tsx';
export { AttachMediaButton, type AttachMediaButtonProps } from './components/AttachMediaButton.tsx';
export {
  ATTACH_MEDIA_TITLE,
  AttachMediaPanel,
  type AttachMediaPanelProps,
} from './components/AttachMediaPanel.tsx';
export {
  EntryAttachmentGallery,
  type EntryAttachmentGalleryProps,
} from './components/EntryAttachmentGallery.tsx';
export { EntryMediaPreview, type EntryMediaPreviewProps } from './components/EntryMediaPreview.tsx';
export { LockedMediaButton } from './components/LockedMediaButton.tsx';
export { MediaItemPreview, type MediaItemPreviewProps } from './components/MediaItemPreview.tsx';
export { useMediaAttachment } from './hooks/use-media-attachment.ts';
export { entryMediaContext, entryMediaItem, type MediaContext, type MediaItem } from './media-item.ts';
export { type ResealOutcome, resealEntryMediaForPrivateMode } from './reseal.ts';
export {
  type AttachMediaControlProps,
  MEDIA_LAYER_ATTRIBUTE,
  type MediaAttachment,
  type MediaPreview,
} from './types.ts';
