import { AnalyticsEntriesPage, AnalyticsEntriesQuery } from '../../schemas/analytics.ts';
import type { Endpoint } from '../endpoint.ts';

export const analytics = {
  method: 'GET',
  path: '/api/entries/analytics',
  query: AnalyticsEntriesQuery,
  response: AnalyticsEntriesPage,
} as const satisfies Endpoint;
