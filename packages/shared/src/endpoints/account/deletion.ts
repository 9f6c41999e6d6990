import { DeletionStatus } from '../../schemas/account.ts';
import type { Endpoint } from '../endpoint.ts';

export const deletion = {
  method: 'GET',
  path: '/api/me/deletion',
  response: DeletionStatus,
} as const satisfies Endpoint;
