/** The media module's operations (apps/server/src/modules/media). */
export { attachmentThumbnailUrl } from './attachment-thumbnail-url.ts';
export { attachmentUrl } from './attachment-url.ts';
export { file } from './file.ts';
export { moderateImage } from './moderate-image.ts';
export { moderateVideo } from './moderate-video.ts';
export { reseal } from './reseal.ts';
export { setPoster } from './set-poster.ts';
export { thumbnailUrl } from './thumbnail-url.ts';
export { unseal } from './unseal.ts';
export { uploadDraft } from './upload-draft.ts';
export { uploadSealedDraft } from './upload-sealed-draft.ts';
export { url } from './url.ts';
