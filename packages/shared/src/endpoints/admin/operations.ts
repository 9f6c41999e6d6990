import { AdminOperations } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const operations = {
  method: 'GET',
  path: '/api/admin/operations',
  response: AdminOperations,
} as const satisfies Endpoint;
