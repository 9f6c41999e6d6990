import { ResealMediaQuery, UnsealedMedia } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

/** Switching private mode off: an attachment replaced by the same file opened in the browser (multipart). */
export const unseal = {
  method: 'PUT',
  path: '/api/entries/:id/media/unsealed',
  params: Id,
  query: ResealMediaQuery,
  response: UnsealedMedia,
} as const satisfies Endpoint;
