import { CurrentMood } from '../../schemas/companions.ts';
import type { Endpoint } from '../endpoint.ts';

export const currentMood = {
  method: 'GET',
  path: '/api/moods/current',
  response: CurrentMood,
} as const satisfies Endpoint;
