import { DailyEntryLimit, DailyEntryLimitQuery } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';

export const dailyLimit = {
  method: 'GET',
  path: '/api/entries/limits/daily',
  query: DailyEntryLimitQuery,
  response: DailyEntryLimit,
} as const satisfies Endpoint;
