import { createMediaClaims } from './claims.ts';
import { createMediaContext, type MediaDeps } from './context.ts';
import { createMediaRemoval } from './removal.ts';
import { createSealedDrafts } from './sealed-drafts.ts';
import { createStoredFiles } from './stored-files.ts';
import { createMediaThumbnails } from './thumbnails.ts';
import { createMediaUploads } from './uploads.ts';

export { maxBytesFor, mimeForPath, tooLargeMessage } from './file-types.ts';
export { type ThumbnailSize, writeThumbnail } from './inspection.ts';
export { ORPHAN_GRACE_MS } from './removal.ts';
export {
  receiveSealed,
  SEALED_THUMBNAIL_MAX_BYTES,
  type SealedUpload,
  sealedBytesFor,
} from './sealed-upload.ts';

/*
 * Media, one part per audience or operation (ADR 100): uploads the server checks (uploads.ts, over
 * inspection.ts), drafts a private account's browser sealed (sealed-drafts.ts), a draft becoming an entry's file
 * (claims.ts), stored files served, linked and re-sealed (stored-files.ts), thumbnails and posters
 * (thumbnails.ts), and files going (removal.ts), over one context (context.ts) and the kinds' tables
 * (file-types.ts). Routes, jobs and other modules see one service, as before.
 */
export function createMediaService(deps: MediaDeps) {
  const ctx = createMediaContext(deps);
  return {
    assertPlanAllows: ctx.assertPlanAllows,
    ...createMediaUploads(ctx),
    ...createMediaThumbnails(ctx),
    ...createMediaClaims(ctx),
    ...createSealedDrafts(ctx),
    ...createStoredFiles(ctx),
    ...createMediaRemoval(ctx),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
