import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';

/** An avatar image, public by its unguessable address (the profile's `avatarUrl`). */
export const avatar = {
  method: 'GET',
  path: '/api/avatars/:userId',
  params: z.object({ userId: z.uuid() }),
} as const satisfies Endpoint;
