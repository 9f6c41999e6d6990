import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';

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
