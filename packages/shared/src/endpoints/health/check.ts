import { HealthResponse } from '../../schemas/health.ts';
import type { Endpoint } from '../endpoint.ts';

/** Answered with 503, and the same body, when the database is down. */
export const check = {
  method: 'GET',
  path: '/api/health',
  response: HealthResponse,
} as const satisfies Endpoint;
