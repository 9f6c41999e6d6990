import { z } from 'zod';
import { ModerationResult } from '../schemas/entries.ts';
import {
  MediaDraft,
  MediaType,
  ModerateImageInput,
  ModerateVideoInput,
  ResealedMedia,
  ResealMediaQuery,
  SealedMediaDraftQuery,
  SignedMediaUrl,
  SignedThumbnailUrl,
  UnsealedMedia,
  VideoPoster,
  VideoPosterInput,
} from '../schemas/media.ts';
import type { Endpoint } from './endpoint.ts';

/** The media module's operations (apps/server/src/modules/media). */

const Id = z.object({ id: z.uuid() });
const AttachmentId = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/** A stored file by its signed link (the server writes the link; the browser loads it by itself). */
export const file = {
  method: 'GET',
  path: '/api/media/file',
  query: z.object({
    path: z.string(),
    expires: z.coerce.number(),
    type: z.string(),
    signature: z.string(),
  }),
} as const satisfies Endpoint;

/** A file the server checks, as multipart (field "file"). */
export const uploadDraft = {
  method: 'POST',
  path: '/api/media/drafts',
  query: z.object({ mediaType: MediaType }),
  response: MediaDraft,
  status: 201,
} as const satisfies Endpoint;

/** A file sealed in the browser (private mode, ADR 096), as multipart ("file", and "thumbnail"). */
export const uploadSealedDraft = {
  method: 'POST',
  path: '/api/media/sealed-drafts',
  query: SealedMediaDraftQuery,
  response: MediaDraft,
  status: 201,
} as const satisfies Endpoint;

export const setPoster = {
  method: 'PUT',
  path: '/api/media/drafts/:id/poster',
  params: Id,
  body: VideoPosterInput,
  response: VideoPoster,
} as const satisfies Endpoint;

/** Switching private mode on: an attachment replaced by the same file sealed in the browser (multipart). */
export const reseal = {
  method: 'PUT',
  path: '/api/entries/:id/media/sealed',
  params: Id,
  query: ResealMediaQuery,
  response: ResealedMedia,
} as const satisfies Endpoint;

/** Switching private mode off: an attachment replaced by the same file opened in the browser (multipart). */
export const unseal = {
  method: 'PUT',
  path: '/api/entries/:id/media/unsealed',
  params: Id,
  query: ResealMediaQuery,
  response: UnsealedMedia,
} as const satisfies Endpoint;

export const url = {
  method: 'GET',
  path: '/api/entries/:id/media-url',
  params: Id,
  response: SignedMediaUrl,
} as const satisfies Endpoint;

export const thumbnailUrl = {
  method: 'GET',
  path: '/api/entries/:id/thumbnail-url',
  params: Id,
  response: SignedThumbnailUrl,
} as const satisfies Endpoint;

/** An imported entry's further attachment (ADR 088). */
export const attachmentUrl = {
  method: 'GET',
  path: '/api/entries/:id/attachments/:attachmentId/media-url',
  params: AttachmentId,
  response: SignedMediaUrl,
} as const satisfies Endpoint;

export const attachmentThumbnailUrl = {
  method: 'GET',
  path: '/api/entries/:id/attachments/:attachmentId/thumbnail-url',
  params: AttachmentId,
  response: SignedThumbnailUrl,
} as const satisfies Endpoint;

export const moderateImage = {
  method: 'POST',
  path: '/api/moderation/image',
  body: ModerateImageInput,
  response: ModerationResult,
} as const satisfies Endpoint;

export const moderateVideo = {
  method: 'POST',
  path: '/api/moderation/video',
  body: ModerateVideoInput,
  response: ModerationResult,
} as const satisfies Endpoint;
