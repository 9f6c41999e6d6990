import { ResealedMedia, ResealMediaQuery } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

/** Switching private mode on: an attachment replaced by the same file sealed in the browser (multipart). */
export const reseal = {
  method: 'PUT',
  path: '/api/entries/:id/media/sealed',
  params: Id,
  query: ResealMediaQuery,
  response: ResealedMedia,
} as const satisfies Endpoint;
