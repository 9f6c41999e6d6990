/*
 * An entry's stored files, by the key they are under: opening one to serve it (through the app, ADR 059, or its
 * signed link), the signed link itself, whether a link may still be served, and writing a file over under the
 * other key when private mode is switched on or off (ADR 096, ADR 097), with the count of what is still sealed.
 * Apart because these act on files already attached, never on drafts (ADR 100).
 */
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type MediaType,
  PRIVATE_MEDIA_MESSAGES,
  type SessionUser,
  type SignedMediaUrl,
} from '@daybook/shared';
import { isStoragePath, originalPathOf, thumbnailPathOf } from '../../infra/storage/storage.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaContext } from './context.ts';
import { INVALID, mimeForPath } from './file-types.ts';
import type { ThumbnailSize } from './inspection.ts';
import { SEALED_THUMBNAIL_MAX_BYTES, type SealedUpload } from './sealed-upload.ts';

export function createStoredFiles(ctx: MediaContext) {
  const {
    storage,
    repository,
    clock,
    requireKeyKind,
    containerPlainSize,
    putSealed,
    thumbnailSize,
    isSealedByUser,
  } = ctx;

  return {
    /**
     * Replaces a stored attachment the server sealed (or stored plain before ADR 081) with the same file sealed
     * under the account key by its owner's browser (switching private mode on, ADR 096), written over it whole,
     * so the server's copy is gone once this returns. The new container must hold exactly as many bytes as the
     * stored file. A thumbnail, when the attachment has one, must come with it, sealed too; without one, the
     * server's thumbnail is removed (it would be a readable copy of the photo). A file under the account key
     * already is left as it is (`resealed: false`), so a resumed run can send it again.
     */
    async resealStored(
      user: SessionUser,
      storagePath: string,
      upload: SealedUpload,
      thumb: { width?: number | undefined; height?: number | undefined },
    ): Promise<{ resealed: boolean; thumbnail: ThumbnailSize | null }> {
      await requireKeyKind(user, true);
      const kind = await storage.keyKindOf(storagePath);
      if (kind === null) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      if (kind === 'user') return { resealed: false, thumbnail: null };
      const plainSize = containerPlainSize(upload.size);
      if (plainSize !== (await storage.size(storagePath)))
        throw new AppError('MEDIA_INVALID', PRIVATE_MEDIA_MESSAGES.containerInvalid);
      const thumbSize = upload.thumbnail ? thumbnailSize(thumb.width, thumb.height) : null;
      if (upload.thumbnail && !thumbSize) throw new AppError('MEDIA_INVALID', INVALID.image);
      if (upload.thumbnail && upload.thumbnail.size > SEALED_THUMBNAIL_MAX_BYTES)
        throw new AppError('MEDIA_INVALID', INVALID.image);
      // The thumbnail first: were the original written and the thumbnail refused, a retry would find the
      // original done and leave the server's thumbnail in place.
      if (upload.thumbnail) await putSealed(thumbnailPathOf(storagePath), upload.thumbnail.file);
      else await storage.remove(thumbnailPathOf(storagePath)).catch(() => undefined);
      await putSealed(storagePath, upload.file);
      return { resealed: true, thumbnail: thumbSize };
    },

    /**
     * The reverse of `resealStored`, for switching private mode off (ADR 097, amended): a file its owner's browser
     * sealed under the account key, opened there and sent back as plaintext, is sealed under the server's key and
     * written over the container whole. The plaintext must hold exactly as many bytes as the container does, so a
     * different file cannot take its place. It is not moderated: the file is not new, it was accepted when it was
     * attached, and refusing it would leave it under a key that finishing the switch removes. A thumbnail that
     * comes (opened the same way) is stored beside it; without one, the container's thumbnail is removed and an
     * image's is made anew on request. A file under the server's key already is left as it is (`unsealed: false`),
     * so a resumed run can send it again. Whether the account may do this (switching off) is the caller's check.
     */
    async unsealStored(
      storagePath: string,
      upload: SealedUpload,
      thumb: { width?: number | undefined; height?: number | undefined },
    ): Promise<{ unsealed: boolean; thumbnail: ThumbnailSize | null }> {
      const opened = await storage.openForLink(storagePath);
      if (!opened) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      const thumbPath = thumbnailPathOf(storagePath);
      const isThumbSealed = (await storage.keyKindOf(thumbPath)) === 'user';
      if (!opened.sealedByUser && !isThumbSealed) return { unsealed: false, thumbnail: null };
      if (opened.sealedByUser && upload.size !== containerPlainSize(opened.size))
        throw new AppError('MEDIA_INVALID', PRIVATE_MEDIA_MESSAGES.containerInvalid);
      const thumbSize = upload.thumbnail ? thumbnailSize(thumb.width, thumb.height) : null;
      if (upload.thumbnail && !thumbSize) throw new AppError('MEDIA_INVALID', INVALID.image);
      if (upload.thumbnail && upload.thumbnail.size > SEALED_THUMBNAIL_MAX_BYTES)
        throw new AppError('MEDIA_INVALID', INVALID.image);
      // The thumbnail first, as resealStored does: a retry after a failure between the two finds the original still
      // under the account key and sends both again.
      if (upload.thumbnail) await storage.putFile(thumbPath, upload.thumbnail.file, 'image/webp');
      else if (isThumbSealed) await storage.remove(thumbPath).catch(() => undefined);
      if (opened.sealedByUser)
        await storage.putFile(storagePath, upload.file, mimeForPath(storagePath, null));
      return { unsealed: true, thumbnail: thumbSize };
    },

    /**
     * How many of these stored files, and the thumbnails beside them, are still sealed under the account key
     * (ADR 096): a switch off finishes only at none, as the key that opens them goes with it.
     */
    async countSealedByUser(paths: readonly string[]): Promise<number> {
      let count = 0;
      // A path no file can be stored at (a row written by hand, say) holds nothing to lose.
      for (const stored of paths.filter(isStoragePath))
        for (const candidate of [stored, thumbnailPathOf(stored)])
          if ((await storage.keyKindOf(candidate)) === 'user') count++;
      return count;
    },

    /**
     * Whether a signed link may still be served: its file belongs to a live entry or a draft. A thumbnail
     * belongs to whatever its original belongs to.
     */
    isAttached: (storagePath: string) => repository.isAttached(originalPathOf(storagePath)),

    /**
     * A stored file for a route that serves it through the app (shared media, ADR 059): its plaintext size and
     * type, and a reader of the whole file or one byte range; null when the file is gone.
     */
    async openFile(storagePath: string, mediaType: MediaType | null) {
      // A file re-sealed under its owner's own key (ADR 096) opens for nobody else: unavailable, not an error.
      if ((await storage.keyKindOf(storagePath)) === 'user') return null;
      const opened = await storage.open(storagePath);
      if (!opened) return null;
      return { size: opened.size, contentType: mimeForPath(storagePath, mediaType), read: opened.read };
    },

    /**
     * A stored file for its signed link (`/api/media/file`): plaintext size and reader, or for a file under the
     * account key (ADR 096) its stored bytes as they are; null when gone.
     */
    openStored: (storagePath: string) => storage.openForLink(storagePath),

    /**
     * A sealed share's media copy (ADR 103): the container the sender's browser sealed under the share's media key,
     * stored as it came (a header of key kind 1 or a refusal); the server holds no key that opens it.
     */
    storeShareCopy: (storagePath: string, localFile: string) => putSealed(storagePath, localFile),

    async signedUrl(storagePath: string, mediaType: MediaType | null): Promise<SignedMediaUrl> {
      const contentType = mimeForPath(storagePath, mediaType);
      const url = await storage.signedUrl(storagePath, {
        expiresInSeconds: MEDIA_LIMITS.signedUrlSeconds,
        contentType,
      });
      const sealedByUser = await isSealedByUser(storagePath);
      return {
        url,
        expiresAt: new Date(clock.now().getTime() + MEDIA_LIMITS.signedUrlSeconds * 1000).toISOString(),
        mediaType,
        mimeType: contentType,
        ...(sealedByUser ? { sealedByUser } : {}),
      };
    },
  };
}
