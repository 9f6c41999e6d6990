import { ImportId, ImportJob } from '../../schemas/import.ts';
import type { Endpoint } from '../endpoint.ts';

export const get = {
  method: 'GET',
  path: '/api/import/:id',
  params: ImportId,
  response: ImportJob,
} as const satisfies Endpoint;
