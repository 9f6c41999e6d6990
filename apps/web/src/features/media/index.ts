export { mediaUrlQueryKey, mediaUrlQueryOptions } from './api/get-media-url.ts';
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
export { MEDIA_VIEWER_TITLE, MediaViewer, type MediaViewerProps } from './components/MediaViewer.tsx';
export { useMediaAttachment } from './hooks/use-media-attachment.ts';
export {
  type AttachMediaControlProps,
  MEDIA_LAYER_ATTRIBUTE,
  type MediaAttachment,
  type MediaPreview,
} from './types.ts';
