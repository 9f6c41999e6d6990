import { z } from 'zod';
import { ShareView } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';

/** A shared entry through its e-mailed link; tokens are 22 base64url characters, longer ones are refused early. */
export const link = {
  method: 'GET',
  path: '/api/share-links/:token',
  params: z.object({ token: z.string().min(1).max(64) }),
  response: ShareView,
} as const satisfies Endpoint;
