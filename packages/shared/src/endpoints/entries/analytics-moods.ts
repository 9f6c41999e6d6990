import { AnalyticsMoods, AnalyticsMoodsQuery } from '../../schemas/analytics.ts';
import type { Endpoint } from '../endpoint.ts';

export const analyticsMoods = {
  method: 'GET',
  path: '/api/entries/analytics/moods',
  query: AnalyticsMoodsQuery,
  response: AnalyticsMoods,
} as const satisfies Endpoint;
