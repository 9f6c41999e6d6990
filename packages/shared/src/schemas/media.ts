import { z } from 'zod';
import { MEDIA_TYPES } from '../constants.ts';

export const MediaType = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof MediaType>;

export const MediaDraft = z
  .object({
    id: z.string(),
    mediaType: MediaType,
    mimeType: z.string(),
    fileSizeBytes: z.number().int(),
    durationSeconds: z.number().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** Set for images: the server's own moderation verdict on the stored bytes. */
    moderation: z
      .object({ severity: z.enum(['safe', 'low', 'medium', 'high']), flags: z.array(z.string()) })
      .nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MediaDraft' });
export type MediaDraft = z.infer<typeof MediaDraft>;

export const SignedMediaUrl = z
  .object({
    url: z.string(),
    expiresAt: z.string(),
    mediaType: MediaType.nullable(),
    mimeType: z.string().nullable(),
    /** The file is sealed under the account key (private mode, ADR 096): the link serves it as stored. */
    sealedByUser: z.boolean().optional(),
  })
  .meta({ id: 'SignedMediaUrl' });
export type SignedMediaUrl = z.infer<typeof SignedMediaUrl>;

/** An image entry's thumbnail (ADR 044): a signed WebP link and the thumbnail's own size in pixels. */
export const SignedThumbnailUrl = z
  .object({
    url: z.string(),
    expiresAt: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** As SignedMediaUrl's: a thumbnail sealed under the account key, served as stored. */
    sealedByUser: z.boolean().optional(),
  })
  .meta({ id: 'SignedThumbnailUrl' });
export type SignedThumbnailUrl = z.infer<typeof SignedThumbnailUrl>;

const DataUrl = z
  .string()
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, 'Must be a base64 image data URL');

export const ModerateImageInput = z
  .object({ imageData: DataUrl.max(8 * 1024 * 1024) })
  .meta({ id: 'ModerateImageInput' });
/** A video's poster (ADR 062): one of the frames the browser sampled, as a JPEG or WebP data URL. */
export const VideoPosterInput = z
  .object({ poster: DataUrl.max(2 * 1024 * 1024) })
  .meta({ id: 'VideoPosterInput' });
export type VideoPosterInput = z.infer<typeof VideoPosterInput>;
export const VideoPoster = z
  .object({ width: z.number().int().positive(), height: z.number().int().positive() })
  .meta({ id: 'VideoPosterSize' });
export type VideoPoster = z.infer<typeof VideoPoster>;

export const ModerateVideoInput = z
  .object({
    frames: z
      .array(DataUrl.max(2 * 1024 * 1024))
      .min(1)
      .max(5),
  })
  .meta({ id: 'ModerateVideoInput' });

const ThumbSide = z.coerce.number().int().positive().max(4096);

/**
 * What the browser declares of a file it sealed under the account key (private mode, ADR 096), which the server
 * cannot read: its type, its length for audio and video, and its thumbnail's size. The server checks each against
 * the spec's limits; the bytes themselves are checked to be a container of the right kind and size.
 */
export const SealedMediaDraftQuery = z.object({
  mediaType: MediaType,
  mimeType: z.string().max(100),
  durationSeconds: z.coerce.number().nonnegative().optional(),
  width: z.coerce.number().int().positive().max(100_000).optional(),
  height: z.coerce.number().int().positive().max(100_000).optional(),
  thumbWidth: ThumbSide.optional(),
  thumbHeight: ThumbSide.optional(),
});
export type SealedMediaDraftQuery = z.infer<typeof SealedMediaDraftQuery>;

/** Replacing an attachment's stored file with one sealed under the account key (switching private mode on). */
export const ResealMediaQuery = z.object({
  attachmentId: z.uuid().optional(),
  thumbWidth: ThumbSide.optional(),
  thumbHeight: ThumbSide.optional(),
});
export type ResealMediaQuery = z.infer<typeof ResealMediaQuery>;

export const ResealedMedia = z
  .object({
    /** False when the file was under the account key already (a resumed run): nothing was written. */
    resealed: z.boolean(),
  })
  .meta({ id: 'ResealedMedia' });
export type ResealedMedia = z.infer<typeof ResealedMedia>;

/**
 * Switching private mode off (ADR 097, amended): whether the attachment (or its thumbnail) was still under the
 * account key and is now under the server's; false when it was not (a resumed run), which is not an error.
 */
export const UnsealedMedia = z.object({ unsealed: z.boolean() }).meta({ id: 'UnsealedMedia' });
export type UnsealedMedia = z.infer<typeof UnsealedMedia>;
