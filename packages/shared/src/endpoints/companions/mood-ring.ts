import { MoodRing } from '../../schemas/companions.ts';
import type { Endpoint } from '../endpoint.ts';

export const moodRing = {
  method: 'GET',
  path: '/api/moods/ring',
  response: MoodRing,
} as const satisfies Endpoint;
