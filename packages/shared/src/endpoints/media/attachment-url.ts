import { SignedMediaUrl } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';
import { AttachmentId } from './params.ts';

/** An imported entry's further attachment (ADR 088). */
export const attachmentUrl = {
  method: 'GET',
  path: '/api/entries/:id/attachments/:attachmentId/media-url',
  params: AttachmentId,
  response: SignedMediaUrl,
} as const satisfies Endpoint;
