import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

/** A shared entry's media file, through the signed address a share's view carries (byte ranges). */
export const media = {
  method: 'GET',
  path: '/api/share-media/:id',
  params: Id,
  query: z.object({ expires: z.coerce.number(), signature: z.string().max(64) }),
} as const satisfies Endpoint;
