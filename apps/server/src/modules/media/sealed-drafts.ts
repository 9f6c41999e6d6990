/*
 * Drafts a private-mode account's browser sealed under the account key (ADR 096, ADR 099): a photo, recording or
 * video, and an import's PDF, stored byte for byte after the checks the server can make without opening them.
 * Apart because the server reads none of these files: its checks are of the container and what was declared.
 */
import { randomUUID } from 'node:crypto';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_MIME_TYPES,
  type MediaDraft,
  type SealedMediaDraftQuery,
  type SessionUser,
} from '@daybook/shared';
import { thumbnailPathOf } from '../../infra/storage/storage.ts';
import { AppError } from '../../lib/errors.ts';
import { type MediaContext, toDraft } from './context.ts';
import { INVALID, MIME_EXTENSION, maxBytesFor, TOO_LARGE } from './file-types.ts';
import type { Inspected } from './inspection.ts';
import { SEALED_THUMBNAIL_MAX_BYTES, type SealedUpload } from './sealed-upload.ts';

export function createSealedDrafts(ctx: MediaContext) {
  const {
    storage,
    repository,
    clock,
    assertPlanAllows,
    requireKeyKind,
    containerPlainSize,
    putSealed,
    thumbnailSize,
  } = ctx;

  return {
    /**
     * Stores a file its browser sealed under the account key (private mode, ADR 096) as a draft, byte for byte:
     * the server never opens it. What it can check, it checks: the account is in private mode and its plan allows
     * the kind; the declared type is one the spec allows for it; the bytes are a key-kind-1 container whose
     * plaintext is within the kind's size limit; a declared length within the kind's; a photo or video comes with
     * a sealed thumbnail of a thumbnail's size or none. Type sniffing, decoding, metadata stripping and moderation
     * happened in the browser before sealing (a modified browser can skip them: the cost of a server that cannot
     * read the file).
     */
    async createSealedDraft(
      user: SessionUser,
      declared: SealedMediaDraftQuery,
      upload: SealedUpload,
    ): Promise<MediaDraft> {
      const type = declared.mediaType;
      await assertPlanAllows(user, type);
      await requireKeyKind(user, true);
      const allowed: readonly string[] = MEDIA_MIME_TYPES[type];
      const ext = MIME_EXTENSION[declared.mimeType];
      if (!allowed.includes(declared.mimeType) || !ext) throw new AppError('MEDIA_INVALID', INVALID[type]);
      const plainSize = containerPlainSize(upload.size);
      if (plainSize === 0) throw new AppError('MEDIA_INVALID', INVALID[type]);
      if (plainSize > maxBytesFor(type)) throw new AppError('MEDIA_TOO_LARGE', TOO_LARGE[type]);
      if (type !== 'image' && declared.durationSeconds !== undefined) {
        if (declared.durationSeconds > MEDIA_LIMITS[type].maxSeconds + 0.5)
          throw new AppError(
            'MEDIA_INVALID',
            type === 'audio' ? MEDIA_MESSAGES.audioTooLong : MEDIA_MESSAGES.videoTooLong,
          );
      }
      if (type === 'image' && declared.width && declared.height) {
        if (declared.width * declared.height > MEDIA_LIMITS.maxImagePixels)
          throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.imageTooManyPixels);
      }
      const thumbSize = upload.thumbnail ? thumbnailSize(declared.thumbWidth, declared.thumbHeight) : null;
      if (upload.thumbnail && (!thumbSize || type === 'audio'))
        throw new AppError('MEDIA_INVALID', INVALID.image);
      if (upload.thumbnail && upload.thumbnail.size > SEALED_THUMBNAIL_MAX_BYTES)
        throw new AppError('MEDIA_INVALID', INVALID.image);
      if (upload.thumbnail) containerPlainSize(upload.thumbnail.size);

      const id = randomUUID();
      const filePath = `${user.id}/drafts/${id}.${ext}`;
      await putSealed(filePath, upload.file);
      try {
        if (upload.thumbnail) await putSealed(thumbnailPathOf(filePath), upload.thumbnail.file);
        const row = await repository.insertDraft({
          id,
          userId: user.id,
          filePath,
          mediaType: type,
          mimeType: declared.mimeType,
          fileSizeBytes: plainSize,
          thumbWidth: thumbSize?.width ?? null,
          thumbHeight: thumbSize?.height ?? null,
          createdAt: clock.now(),
        });
        const inspected: Inspected = {
          mime: declared.mimeType,
          ext,
          durationSeconds: declared.durationSeconds ?? null,
          width: declared.width ?? null,
          height: declared.height ?? null,
        };
        return toDraft(row, inspected, null);
      } catch (error) {
        await Promise.all(
          [filePath, thumbnailPathOf(filePath)].map((p) => storage.remove(p).catch(() => undefined)),
        );
        throw error;
      }
    },

    /**
     * A PDF of a private account's import (ADR 088, 099), sealed in its browser: stored as it comes, as
     * createSealedDraft stores a photo. Checked as far as the server can: private mode, the plan allowing photos (a
     * PDF goes where they go), the declared type, a key-kind-1 container whose plaintext is within the PDF limit, no
     * thumbnail. Claimed only as an imported entry's further attachment (claimAttachmentDraft).
     */
    async createSealedPdfDraft(
      user: SessionUser,
      declared: { mimeType: string },
      upload: SealedUpload,
    ): Promise<{ id: string }> {
      try {
        await assertPlanAllows(user, 'image');
      } catch (error) {
        if (error instanceof AppError) throw new AppError(error.code, MEDIA_MESSAGES.notAllowedByPlan('PDF'));
        throw error;
      }
      await requireKeyKind(user, true);
      if (declared.mimeType !== 'application/pdf' || upload.thumbnail)
        throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidPdf);
      const plainSize = containerPlainSize(upload.size);
      if (plainSize === 0) throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidPdf);
      if (plainSize > MEDIA_LIMITS.pdf.maxBytes)
        throw new AppError('MEDIA_TOO_LARGE', MEDIA_MESSAGES.pdfTooLarge);
      const id = randomUUID();
      const filePath = `${user.id}/drafts/${id}.pdf`;
      await putSealed(filePath, upload.file);
      try {
        await repository.insertDraft({
          id,
          userId: user.id,
          filePath,
          mediaType: 'pdf',
          mimeType: 'application/pdf',
          fileSizeBytes: plainSize,
          createdAt: clock.now(),
        });
        return { id };
      } catch (error) {
        await storage.remove(filePath).catch(() => undefined);
        throw error;
      }
    },
  };
}
