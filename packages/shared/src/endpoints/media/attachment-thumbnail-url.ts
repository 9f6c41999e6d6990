import { SignedThumbnailUrl } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';
import { AttachmentId } from './params.ts';

export const attachmentThumbnailUrl = {
  method: 'GET',
  path: '/api/entries/:id/attachments/:attachmentId/thumbnail-url',
  params: AttachmentId,
  response: SignedThumbnailUrl,
} as const satisfies Endpoint;
