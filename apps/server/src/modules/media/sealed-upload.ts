import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@daybook/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/*
 * The receiving end of a file sealed in the browser (ADR 096): the media routes' sealed drafts and re-sealing, and
 * a private import's attachments (ADR 099), which reach it through the media service's public functions.
 */

/** A thumbnail or poster is a small WebP (ADR 044): a sealed one larger than this is not one. */
export const SEALED_THUMBNAIL_MAX_BYTES = 1024 * 1024;

/** A sealed upload (private mode, ADR 096): the container and, for a photo or a video, its sealed thumbnail. */
export type SealedUpload = { file: string; size: number; thumbnail: { file: string; size: number } | null };

/** A container's tags and header on top of its plaintext: at most this much more than the kind's limit. */
export const sealedBytesFor = (type: 'image' | 'audio' | 'video') =>
  MEDIA_LIMITS[type].maxBytes + Math.ceil(MEDIA_LIMITS[type].maxBytes / 65_536) * 16 + 64;

/**
 * Streams the multipart parts of a sealed upload (ADR 096) to temporary files: `file` (the container) and, for a
 * photo or a video, `thumbnail` (its sealed thumbnail). Whatever is written is removed by `cleanUp`, which the
 * caller runs before answering.
 */
export async function receiveSealed(request: FastifyRequest, tmpDir: string, maxBytes: number) {
  const written: string[] = [];
  const cleanUp = () => Promise.all(written.map((file) => rm(file, { force: true })));
  if (!request.isMultipart())
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      MEDIA_MESSAGES.uploadFailed('send it as multipart/form-data'),
    );
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const upload: Partial<SealedUpload> & { thumbnail: SealedUpload['thumbnail'] } = { thumbnail: null };
  try {
    const parts = request.files({ limits: { files: 2, fileSize: maxBytes } });
    for await (const part of parts) {
      if (part.fieldname !== 'file' && part.fieldname !== 'thumbnail') {
        part.file.resume();
        continue;
      }
      const tempFile = path.join(tmpDir, `${randomUUID()}.sealed`);
      written.push(tempFile);
      try {
        await pipeline(part.file, createWriteStream(tempFile, { mode: 0o600 }));
      } catch {
        throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.uploadFailed('the upload was interrupted'));
      }
      const { size } = await stat(tempFile);
      if (part.file.truncated || (part.fieldname === 'thumbnail' && size > SEALED_THUMBNAIL_MAX_BYTES))
        throw new AppError('MEDIA_TOO_LARGE', MEDIA_MESSAGES.uploadFailed('the file is too large'));
      if (part.fieldname === 'file') Object.assign(upload, { file: tempFile, size });
      else upload.thumbnail = { file: tempFile, size };
    }
  } catch (error) {
    await cleanUp();
    if (error instanceof AppError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.uploadFailed('the form data is malformed'));
  }
  if (!upload.file || upload.size === undefined) {
    await cleanUp();
    throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.uploadFailed('no file was sent'));
  }
  return { upload: upload as SealedUpload, cleanUp };
}
