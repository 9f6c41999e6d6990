import { Streak } from '../../schemas/companions.ts';
import type { Endpoint } from '../endpoint.ts';

export const streak = {
  method: 'GET',
  path: '/api/streak',
  response: Streak,
} as const satisfies Endpoint;
