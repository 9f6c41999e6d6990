import { DeletionLimit } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';

export const deletionLimit = {
  method: 'GET',
  path: '/api/entries/limits/deletion',
  response: DeletionLimit,
} as const satisfies Endpoint;
