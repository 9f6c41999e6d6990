import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

/** A multipart form with the sealed file (ADR 103). */
export const sealedMedia = {
  method: 'PUT',
  path: '/api/shares/:id/sealed-media',
  params: Id,
  status: 204,
} as const satisfies Endpoint;
