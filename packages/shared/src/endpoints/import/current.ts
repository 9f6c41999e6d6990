import { ImportJob } from '../../schemas/import.ts';
import type { Endpoint } from '../endpoint.ts';

export const current = {
  method: 'GET',
  path: '/api/import/current',
  response: ImportJob.nullable(),
} as const satisfies Endpoint;
