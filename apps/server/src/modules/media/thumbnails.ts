/*
 * Thumbnails (ADR 044) and video posters (ADR 062): making a stored image's missing one on request, storing
 * the poster a browser sampled, and the cached signed link to one. Apart because a thumbnail has its own life
 * beside its original: made late, and made once for parallel requests (ADR 100).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  mediaModerationOutcome,
  type SessionUser,
  type SignedThumbnailUrl,
} from '@daybook/shared';
import { thumbnailPathOf } from '../../infra/storage/storage.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaContext } from './context.ts';
import { INVALID } from './file-types.ts';
import { type ThumbnailSize, writeThumbnail } from './inspection.ts';

export function createMediaThumbnails(ctx: MediaContext) {
  const { storage, repository, imageModerator, clock, requireKeyKind, isSealedByUser } = ctx;
  /** Thumbnails being made on request, by original: parallel requests for one image share one making. */
  const making = new Map<string, Promise<ThumbnailSize>>();

  /** Makes the missing thumbnail of a stored image from the stored original (images stored before ADR 044). */
  async function makeStoredThumbnail(original: string): Promise<ThumbnailSize> {
    // A photo sealed in the browser without a thumbnail (ADR 096) has none the server could ever make.
    if ((await storage.keyKindOf(original)) === 'user')
      throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
    await mkdir(ctx.tmpDir, { recursive: true, mode: 0o700 });
    const source = path.join(ctx.tmpDir, `${randomUUID()}.original`);
    const output = `${source}.thumb`;
    try {
      const file = await storage.read(original);
      if (!file) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      await pipeline(file.stream, createWriteStream(source, { mode: 0o600 }));
      let size: ThumbnailSize;
      try {
        size = await writeThumbnail(source, output);
      } catch {
        throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      }
      await storage.putFile(thumbnailPathOf(original), output, 'image/webp');
      return size;
    } finally {
      await rm(source, { force: true });
      await rm(output, { force: true });
    }
  }

  return {
    /**
     * Stores a video draft's poster (ADR 062): a frame the browser sampled, judged by the image moderator
     * like any picture, kept as the draft's WebP thumbnail (ADR 044's size and format), which follows the video to
     * its entry. The browser makes it, so it works where the server cannot decode video; a draft that already
     * has one gets the new one.
     */
    async setVideoPoster(user: SessionUser, draftId: string, bytes: Buffer): Promise<ThumbnailSize> {
      // A private account's poster is sealed with its video in the browser (createSealedDraft).
      await requireKeyKind(user, false);
      const draft = await repository.findOwnedDraft(user.id, draftId);
      if (!draft) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.draftNotFound);
      if (draft.mediaType !== 'video') throw new AppError('MEDIA_INVALID', INVALID.image);
      const source = path.join(ctx.tmpDir, `poster-${randomUUID()}`);
      const output = `${source}.thumb`;
      try {
        await mkdir(ctx.tmpDir, { recursive: true, mode: 0o700 });
        await writeFile(source, bytes, { mode: 0o600 });
        const verdict = await imageModerator.moderate(bytes);
        const outcome = mediaModerationOutcome('video', verdict);
        if (outcome.action === 'block')
          throw new AppError('CONTENT_BLOCKED', outcome.message, undefined, {
            severity: verdict.severity,
            flags: verdict.flags,
          });
        let size: ThumbnailSize;
        try {
          size = await writeThumbnail(source, output);
        } catch {
          throw new AppError('MEDIA_INVALID', INVALID.image);
        }
        await storage.putFile(thumbnailPathOf(draft.filePath), output, 'image/webp');
        if (!(await repository.setDraftThumbnail(user.id, draftId, size))) {
          // The draft was claimed or removed meanwhile: its thumbnail must not outlive it.
          await storage.remove(thumbnailPathOf(draft.filePath)).catch(() => undefined);
          throw new AppError('NOT_FOUND', MEDIA_MESSAGES.draftNotFound);
        }
        return size;
      } finally {
        await rm(source, { force: true });
        await rm(output, { force: true });
      }
    },

    /**
     * A signed link to an image's thumbnail (ADR 044), made first when the image has none (`size` null: stored
     * before thumbnails); the caller records the size it is given back. The link is signed at the start of the
     * current window, so every request within it gets the same URL and the browser serves it from its cache.
     */
    async signedThumbnailUrl(
      storagePath: string,
      size: ThumbnailSize | null,
    ): Promise<SignedThumbnailUrl & { isNew: boolean }> {
      let made: ThumbnailSize | null = null;
      if (!size) {
        let pending = making.get(storagePath);
        if (!pending) {
          pending = makeStoredThumbnail(storagePath).finally(() => making.delete(storagePath));
          making.set(storagePath, pending);
        }
        made = await pending;
      }
      const { windowSeconds, urlSeconds } = MEDIA_LIMITS.thumbnail;
      const windowMs = windowSeconds * 1000;
      const signedAt = new Date(Math.floor(clock.now().getTime() / windowMs) * windowMs);
      const url = await storage.signedUrl(thumbnailPathOf(storagePath), {
        expiresInSeconds: urlSeconds,
        contentType: 'image/webp',
        signedAt,
      });
      const { width, height } = (size ?? made)!;
      const sealedByUser = await isSealedByUser(thumbnailPathOf(storagePath));
      return {
        ...(sealedByUser ? { sealedByUser } : {}),
        url,
        expiresAt: new Date(signedAt.getTime() + urlSeconds * 1000).toISOString(),
        width,
        height,
        isNew: made !== null,
      };
    },
  };
}
