/*
 * One attachment of an archive's entry checked by the media module's rules and stored as a draft (ADR 037,
 * ADR 088): what is over a plan's limit is left out and reported, what is not what it claims refuses the archive.
 * Apart because it is the one place the import reaches into the media store while checking.
 */
import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  IMPORT_MESSAGES,
  type ImportAttachment,
  type ImportCandidate,
  type ImportSkip,
  importAttachmentSizeProblem,
  MEDIA_MESSAGES,
  type SessionUser,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import type { ImportContext } from './context.ts';
import type { ZipArchive } from './zip.ts';

/**
 * A file over a limit of the plan (size, length, pixels, type) is left out and reported; one that is not what it
 * claims, does not decode or is blocked by moderation refuses the whole archive (ADR 037).
 */
const LIMIT_MESSAGES: ReadonlySet<string> = new Set([
  MEDIA_MESSAGES.audioTooLong,
  MEDIA_MESSAGES.videoTooLong,
  MEDIA_MESSAGES.imageTooManyPixels,
]);
const isLimitError = (error: AppError) =>
  error.code === 'MEDIA_TOO_LARGE' || error.code === 'MEDIA_NOT_ALLOWED' || LIMIT_MESSAGES.has(error.message);

export function createArchiveMedia(ctx: ImportContext) {
  const { media } = ctx;

  /**
   * One attachment of a candidate checked by the media module's own rules (plan, size, type sniffed from the bytes,
   * decoding, duration, image moderation) and stored as a draft, exactly as an upload from the editor would be. A PDF
   * (ADR 088) is checked to be one and kept as it is, not moderated: it is no picture.
   */
  async function mediaDraft(
    user: SessionUser,
    zip: ZipArchive,
    candidate: ImportCandidate,
    attachment: ImportAttachment,
    workDir: string,
  ): Promise<{ draftId: string } | { skip: ImportSkip }> {
    const { path: file, type } = attachment;
    const skip = (reason: string) => ({ skip: { item: file, reason: `${candidate.label}: ${reason}` } });
    try {
      await media.assertPlanAllows(user, type === 'pdf' ? 'image' : type);
    } catch (error) {
      // A PDF goes where the plan allows photos (ADR 088), but the reason names what was left out.
      if (error instanceof AppError)
        return skip(type === 'pdf' ? MEDIA_MESSAGES.notAllowedByPlan('PDF') : error.message);
      throw error;
    }
    // The shared size rule (the browser's private import checks the same, ADR 099).
    const tooLarge = importAttachmentSizeProblem(type, zip.sizeOf(file));
    if (tooLarge) return skip(tooLarge);
    const target = path.join(workDir, randomUUID());
    try {
      await zip.extract(file, target);
      const { size } = await stat(target);
      const draft =
        type === 'pdf'
          ? await media.createPdfDraft(user, target, size)
          : await media.createDraft(user, type, target, size);
      return { draftId: draft.id };
    } catch (error) {
      if (error instanceof AppError && isLimitError(error)) return skip(error.message);
      if (error instanceof AppError)
        throw new AppError(
          error.code,
          IMPORT_MESSAGES.badMedia(file, error.message),
          undefined,
          error.details,
        );
      throw error;
    } finally {
      await rm(target, { force: true });
    }
  }

  return { mediaDraft };
}

export type ArchiveMedia = ReturnType<typeof createArchiveMedia>;
