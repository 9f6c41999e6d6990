import { DeletionStatus, RequestDeletionInput } from '../../schemas/account.ts';
import type { Endpoint } from '../endpoint.ts';

export const requestDeletion = {
  method: 'POST',
  path: '/api/me/deletion',
  body: RequestDeletionInput,
  response: DeletionStatus,
} as const satisfies Endpoint;
