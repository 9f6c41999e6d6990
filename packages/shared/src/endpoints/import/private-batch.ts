import { PrivateImportBatchCreated, PrivateImportBatchInput } from '../../schemas/private-import.ts';
import type { Endpoint } from '../endpoint.ts';

export const privateBatch = {
  method: 'POST',
  path: '/api/import/private/batches',
  body: PrivateImportBatchInput,
  response: PrivateImportBatchCreated,
  status: 201,
} as const satisfies Endpoint;
