/*
 * An entry's media through the entry (ADR 044, ADR 088, ADR 096, ADR 097): signed links to its file, its further
 * attachments and their thumbnails, and the file sealed again or opened when private mode is switched. Apart
 * because each finds the file through the owner's entry and then works on the media store, not on the entry.
 */
import {
  MEDIA_MESSAGES,
  PRIVATE_SWITCH_MESSAGES,
  type ResealedMedia,
  type ResealMediaQuery,
  type SessionUser,
  type SignedMediaUrl,
  type SignedThumbnailUrl,
  type UnsealedMedia,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import type { SealedUpload } from '../media/service.ts';
import { type EntriesContext, toEntry } from './context.ts';

export function createEntryMedia(ctx: EntriesContext) {
  const { repository, media, mode } = ctx;

  return {
    /**
     * Replaces the stored file of the user's own entry's attachment (the entry's media, or one further attachment)
     * with the same file sealed under the account key in the browser (switching private mode on, ADR 096); its
     * thumbnail's size is recorded when one came with it.
     */
    async resealMedia(
      user: SessionUser,
      id: string,
      query: ResealMediaQuery,
      upload: SealedUpload,
    ): Promise<ResealedMedia> {
      const found = await repository.findOwned(user.id, id);
      const attachment = query.attachmentId
        ? found?.attachments?.find((a) => a.id === query.attachmentId)
        : null;
      const storagePath = query.attachmentId ? attachment?.path : found?.mediaUrl;
      if (!found || !storagePath) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      const thumb = { width: query.thumbWidth, height: query.thumbHeight };
      const { resealed, thumbnail } = await media.resealStored(user, storagePath, upload, thumb);
      if (resealed && query.attachmentId) {
        await repository.setAttachmentThumbnailSize(user.id, id, query.attachmentId, thumbnail);
      } else if (resealed) {
        await repository.setThumbnailSize(user.id, id, storagePath, thumbnail);
      }
      return { resealed };
    },

    /**
     * Switching private mode off (ADR 097, amended): the user's own entry's attachment, sealed under the account
     * key in the browser (ADR 096), sent back opened, is sealed under the server's key in its place. Only while the
     * account is switching off: in private mode a readable copy is exactly what must not be stored.
     */
    async unsealMedia(
      user: SessionUser,
      id: string,
      query: ResealMediaQuery,
      upload: SealedUpload,
    ): Promise<UnsealedMedia> {
      const found = await repository.findOwned(user.id, id);
      const attachment = query.attachmentId
        ? found?.attachments?.find((a) => a.id === query.attachmentId)
        : null;
      const storagePath = query.attachmentId ? attachment?.path : found?.mediaUrl;
      if (!found || !storagePath) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      if ((await mode(user.id)) !== 'switching-off')
        throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_SWITCH_MESSAGES.unsealNotSwitchingOff);
      const thumb = { width: query.thumbWidth, height: query.thumbHeight };
      const { unsealed, thumbnail } = await media.unsealStored(storagePath, upload, thumb);
      if (unsealed && query.attachmentId) {
        await repository.setAttachmentThumbnailSize(user.id, id, query.attachmentId, thumbnail);
      } else if (unsealed) {
        await repository.setThumbnailSize(user.id, id, storagePath, thumbnail);
      }
      return { unsealed };
    },

    /** A signed link to an entry's own media; the entry must be the user's and carry a file. */
    async signedMediaUrl(user: SessionUser, id: string): Promise<SignedMediaUrl> {
      const found = await repository.findOwned(user.id, id);
      if (!found) throw new AppError('NOT_FOUND', 'Entry not found');
      const entry = toEntry(found);
      if (!entry.mediaUrl || entry.contentType === 'text')
        throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      return media.signedUrl(entry.mediaUrl, entry.contentType);
    },

    /**
     * A signed link to one of the further attachments of the user's own entry (ADR 088). The attachment is found
     * through the entry, so another user's, a deleted entry's or an unknown one answers as an unknown id does.
     */
    async signedAttachmentUrl(user: SessionUser, id: string, attachmentId: string): Promise<SignedMediaUrl> {
      const attachment = (await repository.findOwned(user.id, id))?.attachments?.find(
        (a) => a.id === attachmentId,
      );
      if (!attachment) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      return media.signedUrl(attachment.path, attachment.kind === 'pdf' ? null : attachment.kind);
    },

    /** The thumbnail of a further image (or a video's poster) of the user's own entry (ADR 044, ADR 088). */
    async signedAttachmentThumbnailUrl(
      user: SessionUser,
      id: string,
      attachmentId: string,
    ): Promise<SignedThumbnailUrl> {
      const attachment = (await repository.findOwned(user.id, id))?.attachments?.find(
        (a) => a.id === attachmentId,
      );
      const known =
        attachment?.thumbWidth != null && attachment.thumbHeight != null
          ? { width: attachment.thumbWidth, height: attachment.thumbHeight }
          : null;
      if (!attachment || !(attachment.kind === 'image' || (attachment.kind === 'video' && known)))
        throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      const { isNew, ...signed } = await media.signedThumbnailUrl(attachment.path, known);
      if (isNew) await repository.setAttachmentThumbnailSize(user.id, id, attachmentId, signed);
      return signed;
    },

    /**
     * A signed link to the thumbnail of the user's own image entry (ADR 044), or the poster of a video entry.
     * Another user's entry, a deleted one and one without either all answer as an unknown id does. An image stored before thumbnails gets its
     * thumbnail now, and its size is recorded so that this happens once.
     */
    async signedThumbnailUrl(user: SessionUser, id: string): Promise<SignedThumbnailUrl> {
      const entry = await repository.findOwned(user.id, id);
      const known =
        entry?.mediaThumbWidth != null && entry.mediaThumbHeight != null
          ? { width: entry.mediaThumbWidth, height: entry.mediaThumbHeight }
          : null;
      // An image's thumbnail can always be made from it; a video has one only when its browser sent a poster.
      const hasThumbnail =
        entry?.contentType === 'image' || (entry?.contentType === 'video' && known !== null);
      if (!entry?.mediaUrl || !hasThumbnail) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      const { isNew, ...signed } = await media.signedThumbnailUrl(entry.mediaUrl, known);
      if (isNew) await repository.setThumbnailSize(user.id, id, entry.mediaUrl, signed);
      return signed;
    },
  };
}
