import { CurrentMood, MoodRing, OnThisDay, OnThisDayQuery, Streak } from '../schemas/companions.ts';
import type { Endpoint } from './endpoint.ts';

/** The companions module's operations (apps/server/src/modules/companions): the dashboard's cards (ADR 028). */

export const streak = {
  method: 'GET',
  path: '/api/streak',
  response: Streak,
} as const satisfies Endpoint;

export const moodRing = {
  method: 'GET',
  path: '/api/moods/ring',
  response: MoodRing,
} as const satisfies Endpoint;

export const currentMood = {
  method: 'GET',
  path: '/api/moods/current',
  response: CurrentMood,
} as const satisfies Endpoint;

export const onThisDay = {
  method: 'GET',
  path: '/api/entries/on-this-day',
  query: OnThisDayQuery,
  response: OnThisDay,
} as const satisfies Endpoint;
