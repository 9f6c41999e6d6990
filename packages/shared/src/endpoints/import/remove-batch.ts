import { ImportBatchRemoval, ImportId } from '../../schemas/import.ts';
import type { Endpoint } from '../endpoint.ts';

export const removeBatch = {
  method: 'DELETE',
  path: '/api/import/batches/:id',
  params: ImportId,
  response: ImportBatchRemoval,
} as const satisfies Endpoint;
