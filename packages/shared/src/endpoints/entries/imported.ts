import { z } from 'zod';
import { Entry } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';

export const imported = {
  method: 'GET',
  path: '/api/entries/imported/:source/:ref',
  params: z.object({
    source: z.enum(['dayone', 'daybook', 'pk']),
    ref: z.string().regex(/^[0-9A-Za-z_-]{1,100}$/),
  }),
  response: Entry,
} as const satisfies Endpoint;
