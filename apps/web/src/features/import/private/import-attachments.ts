import {
  type ImportSkip,
  importAttachmentMime,
  MEDIA_MESSAGES,
  type ModerationResult,
  mediaDurationProblem,
  mediaModerationOutcome,
  PRIVATE_IMPORT_MESSAGES,
  type PrivateImportAttachmentQuery,
  type PrivateImportAttachmentStager,
  sealMediaInBrowser,
} from '@daybook/shared';
import { makeThumbnail, processImage } from '../../../lib/media/image.ts';
import { readMediaDuration } from '../../../lib/media/media-element.ts';
import { MediaProblem } from '../../../lib/media/media-problem.ts';
import { storePrivateAttachment } from './upload-api.ts';
import type { ZipIndex } from './zip-reader.ts';

/*
 * A private import's attachments (ADR 099, amended): each file read from the zip when its entry is written, checked
 * as the server import checks it (ADR 088: the kind from its name and its bytes, a photo decoded and moderated, a
 * voice note's or a video's length, a PDF's signature), a photo's thumbnail made on a canvas as the media upload
 * makes it, then sealed under the account's media key (key kind 1) and stored in the batch. Only the sealed bytes
 * leave the browser. One file at a time, so memory holds one attachment, not the archive's media.
 */

/** Why the whole import stops: a file that is not what it claims or is blocked, as the server import refuses it. */
export class AttachmentRefused extends Error {}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/**
 * The moderation of an imported photo, here because the server cannot see it: the same model and thresholds in a
 * worker; a check that cannot run (null) counts as safe, as the media upload's does (docs/product/moderation.md).
 */
async function moderatePhoto(image: Blob, signal?: AbortSignal): Promise<ModerationResult | null> {
  try {
    const { moderateImagesInBrowser } = await import('../../../lib/moderation/browser-image-moderator.ts');
    return await moderateImagesInBrowser([image], signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

export function browserAttachmentStager(
  zip: ZipIndex,
  mediaKey: Uint8Array<ArrayBuffer>,
  signal?: AbortSignal,
): PrivateImportAttachmentStager {
  return async (batchId, attachment, candidate) => {
    const { path: file, type } = attachment;
    const skip = (reason: string): { skip: ImportSkip } => ({
      skip: { item: file, reason: PRIVATE_IMPORT_MESSAGES.attachmentLeftOut(candidate.label, reason) },
    });
    const refuse = (message: string) =>
      new AttachmentRefused(PRIVATE_IMPORT_MESSAGES.attachmentRefused(file, message));
    const mimeType = importAttachmentMime(file, type);
    if (!mimeType) return skip('this file type is not supported.');
    const bytes = await zip.bytes(file);
    let blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType });
    const declared: PrivateImportAttachmentQuery = { mediaType: type, mimeType };
    let thumbnail: { blob: Blob; width: number; height: number } | null = null;
    try {
      if (type === 'pdf') {
        if (!PDF_MAGIC.every((byte, index) => bytes[index] === byte)) throw refuse(MEDIA_MESSAGES.invalidPdf);
      } else if (type === 'image') {
        // Decoded (and a large one scaled), as the media upload does; the server import refuses one that does not.
        const processed = await processImage(blob);
        blob = processed.blob;
        declared.mimeType = blob.type || mimeType;
        declared.width = processed.width;
        declared.height = processed.height;
        const verdict = await moderatePhoto(processed.moderationBlob, signal);
        const outcome = verdict ? mediaModerationOutcome('image', verdict) : null;
        if (outcome?.action === 'block') throw refuse(outcome.message);
        thumbnail = await makeThumbnail(blob).catch(() => null);
      } else {
        const seconds = await readMediaDuration(blob, type);
        const tooLong = Number.isFinite(seconds) ? mediaDurationProblem(type, seconds) : null;
        // Over the plan's length: left out and named, as the server import leaves it out.
        if (tooLong) return skip(tooLong);
        if (Number.isFinite(seconds)) declared.durationSeconds = seconds;
      }
    } catch (error) {
      if (error instanceof MediaProblem) {
        if (error.message === MEDIA_MESSAGES.imageTooManyPixels) return skip(error.message);
        throw refuse(error.message);
      }
      throw error;
    }
    if (thumbnail) {
      declared.thumbWidth = thumbnail.width;
      declared.thumbHeight = thumbnail.height;
    }
    const sealed = await sealMediaInBrowser(blob, mediaKey);
    const sealedThumbnail = thumbnail ? await sealMediaInBrowser(thumbnail.blob, mediaKey) : null;
    signal?.throwIfAborted();
    const stored = await storePrivateAttachment(batchId, declared, sealed, sealedThumbnail, signal);
    return { draftId: stored.draftId };
  };
}
