import { CalendarMonth, CalendarQuery } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';

export const calendar = {
  method: 'GET',
  path: '/api/entries/calendar',
  query: CalendarQuery,
  response: CalendarMonth,
} as const satisfies Endpoint;
