/*
 * Uploads the server checks (docs/product: "Photo uploads"; ADR 009): the browser's pre-upload moderation, a
 * photo, recording or video streamed in, checked by its bytes, cleaned, moderated and stored as a draft, and an
 * import's PDF. Apart because it is the one path where the server reads a file's content (ADR 100).
 */
import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type MediaDraft,
  type MediaType,
  type ModerationResult,
  mediaModerationOutcome,
  type SessionUser,
} from '@daybook/shared';
import { fileTypeFromFile } from 'file-type';
import { moderationPixels, worstVerdict } from '../../infra/moderation/image-moderator.ts';
import { thumbnailPathOf } from '../../infra/storage/storage.ts';
import { AppError } from '../../lib/errors.ts';
import { type MediaContext, toDraft } from './context.ts';
import { INVALID, maxBytesFor, TOO_LARGE } from './file-types.ts';
import {
  type Inspected,
  inspectStream,
  sniff,
  type ThumbnailSize,
  thumbnailBeside,
  writeCleanImage,
} from './inspection.ts';

export function createMediaUploads(ctx: MediaContext) {
  const {
    storage,
    repository,
    imageModerator,
    clock,
    assertPlanAllows,
    requireKeyKind,
    removeWithThumbnail,
  } = ctx;

  /**
   * An image's clean copy and its moderation verdict. The model's input is decoded from the upload itself, at
   * the model's size (a reduced-scale decode for JPEG and WebP), while the clean copy is written: one decode
   * serves both the moderator and the check that the picture decodes to its end, and the clean copy is never
   * decoded again. Both finish before either error is reported, so nothing is still writing when the caller
   * removes the files. The verdict follows docs/product/moderation.md#moderation-rules by the rule the browser applies too (`mediaModerationOutcome`).
   * The thumbnail (ADR 044) is made from the clean copy while the moderator's worker classifies, so it adds
   * little to the upload's time.
   */
  async function storeImage(file: string, output: string, ext: string) {
    const [written, pixels] = await Promise.allSettled([
      writeCleanImage(file, output, ext),
      moderationPixels(file, MEDIA_LIMITS.maxImagePixels),
    ]);
    if (written.status === 'rejected') throw written.reason;
    if (pixels.status === 'rejected') throw pixels.reason;
    const [moderation, thumbnail] = await Promise.all([
      imageModerator.moderatePixels(pixels.value),
      thumbnailBeside(output),
    ]);
    const outcome = mediaModerationOutcome('image', moderation);
    if (outcome.action === 'block')
      throw new AppError('CONTENT_BLOCKED', outcome.message, undefined, {
        severity: moderation.severity,
        flags: moderation.flags,
      });
    return { inspected: written.value, moderation, thumbnail };
  }

  async function store(
    user: SessionUser,
    type: MediaType,
    tempFile: string,
    cleanFile: string,
    sniffed: { mime: string; ext: string },
  ): Promise<MediaDraft> {
    let inspected: Inspected;
    let storedFile = tempFile;
    let moderation: ModerationResult | null = null;
    let thumbnail: ThumbnailSize | null = null;
    if (type === 'image') {
      const image = await storeImage(tempFile, cleanFile, sniffed.ext);
      inspected = { ...image.inspected, mime: sniffed.mime };
      moderation = image.moderation;
      thumbnail = image.thumbnail;
      storedFile = cleanFile;
    } else {
      inspected = { ...(await inspectStream(type, tempFile, sniffed.mime)), ext: sniffed.ext };
    }
    const { size } = await stat(storedFile);

    const id = randomUUID();
    const filePath = `${user.id}/drafts/${id}.${inspected.ext}`;
    await storage.putFile(filePath, storedFile, inspected.mime);
    try {
      // A thumbnail that cannot be stored is made (and written over) on its first request instead.
      const made = thumbnail;
      const stored = made
        ? await storage.putFile(thumbnailPathOf(filePath), `${cleanFile}.thumb`, 'image/webp').then(
            () => made,
            () => null,
          )
        : null;
      const row = await repository.insertDraft({
        id,
        userId: user.id,
        filePath,
        mediaType: type,
        mimeType: inspected.mime,
        fileSizeBytes: size,
        thumbWidth: stored?.width ?? null,
        thumbHeight: stored?.height ?? null,
        createdAt: clock.now(),
      });
      return toDraft(row, inspected, moderation);
    } catch (error) {
      await removeWithThumbnail(filePath);
      throw error;
    }
  }

  return {
    /** The browser's pre-upload check of an image: the verdict only; the browser applies the rule to it. */
    moderateImage: (bytes: Buffer) => imageModerator.moderate(bytes),

    /** A video is as severe as its worst sampled frame; frames are moderated one after another. */
    async moderateVideoFrames(frames: Buffer[]): Promise<ModerationResult> {
      const verdicts: ModerationResult[] = [];
      for (const frame of frames) verdicts.push(await imageModerator.moderate(frame));
      return worstVerdict(verdicts);
    },

    /**
     * Validates an uploaded file (already streamed to `tempFile` within the size cap) and stores it as a draft
     * at `{userId}/drafts/{id}.{ext}`. Nothing is left behind when any check fails.
     */
    async createDraft(
      user: SessionUser,
      type: MediaType,
      tempFile: string,
      size: number,
    ): Promise<MediaDraft> {
      await assertPlanAllows(user, type);
      await requireKeyKind(user, false);
      if (size === 0) throw new AppError('MEDIA_INVALID', INVALID[type]);
      if (size > maxBytesFor(type)) throw new AppError('MEDIA_TOO_LARGE', TOO_LARGE[type]);
      const sniffed = await sniff(type, tempFile);
      // Images are stored as re-encoded, never as uploaded; the copy sits beside the upload and goes with it.
      const cleanFile = `${tempFile}.clean`;
      try {
        return await store(user, type, tempFile, cleanFile, sniffed);
      } finally {
        await rm(cleanFile, { force: true });
        await rm(`${cleanFile}.thumb`, { force: true });
      }
    },

    /**
     * Stores an imported PDF as a draft (ADR 088): checked to be a PDF by its bytes and within
     * MEDIA_LIMITS.pdf, allowed where the plan allows photos, kept as it is. It is not moderated: the image
     * moderator judges pictures, and a document is offered for download, never drawn on a page. Only an import makes
     * these; an entry written here cannot take one (claimDraft).
     */
    async createPdfDraft(user: SessionUser, tempFile: string, size: number): Promise<{ id: string }> {
      await assertPlanAllows(user, 'image');
      if (size === 0) throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidPdf);
      if (size > MEDIA_LIMITS.pdf.maxBytes) throw new AppError('MEDIA_TOO_LARGE', MEDIA_MESSAGES.pdfTooLarge);
      const sniffed = await fileTypeFromFile(tempFile);
      if (sniffed?.mime !== 'application/pdf') throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidPdf);
      const id = randomUUID();
      const filePath = `${user.id}/drafts/${id}.pdf`;
      await storage.putFile(filePath, tempFile, 'application/pdf');
      try {
        await repository.insertDraft({
          id,
          userId: user.id,
          filePath,
          mediaType: 'pdf',
          mimeType: 'application/pdf',
          fileSizeBytes: size,
          createdAt: clock.now(),
        });
      } catch (error) {
        await removeWithThumbnail(filePath);
        throw error;
      }
      return { id };
    },
  };
}
