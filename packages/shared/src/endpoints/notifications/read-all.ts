import type { Endpoint } from '../endpoint.ts';

export const readAll = {
  method: 'POST',
  path: '/api/notifications/read-all',
  status: 204,
} as const satisfies Endpoint;
