import { CancelDeletionResponse } from '../../schemas/account.ts';
import type { Endpoint } from '../endpoint.ts';

export const cancelDeletion = {
  method: 'DELETE',
  path: '/api/me/deletion',
  response: CancelDeletionResponse,
} as const satisfies Endpoint;
