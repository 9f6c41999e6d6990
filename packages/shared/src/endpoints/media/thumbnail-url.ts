import { SignedThumbnailUrl } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const thumbnailUrl = {
  method: 'GET',
  path: '/api/entries/:id/thumbnail-url',
  params: Id,
  response: SignedThumbnailUrl,
} as const satisfies Endpoint;
