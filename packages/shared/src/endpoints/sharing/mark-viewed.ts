import type { Endpoint } from '../endpoint.ts';

export const markViewed = {
  method: 'POST',
  path: '/api/shares/received/viewed',
  status: 204,
} as const satisfies Endpoint;
