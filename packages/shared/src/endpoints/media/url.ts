import { SignedMediaUrl } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const url = {
  method: 'GET',
  path: '/api/entries/:id/media-url',
  params: Id,
  response: SignedMediaUrl,
} as const satisfies Endpoint;
