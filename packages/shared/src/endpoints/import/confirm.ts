import { ImportId, ImportJob } from '../../schemas/import.ts';
import type { Endpoint } from '../endpoint.ts';

export const confirm = {
  method: 'POST',
  path: '/api/import/:id/confirm',
  params: ImportId,
  response: ImportJob,
  status: 202,
} as const satisfies Endpoint;
