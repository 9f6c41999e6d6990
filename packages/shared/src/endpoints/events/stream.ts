import type { Endpoint } from '../endpoint.ts';

/** The tab's Server-Sent Events stream (the browser's EventSource reads it by address). */
export const stream = {
  method: 'GET',
  path: '/api/events',
} as const satisfies Endpoint;
