import { ImportId } from '../../schemas/import.ts';
import type { Endpoint } from '../endpoint.ts';

/** Cancels a check or a write, drops a preview, or dismisses an outcome. */
export const cancel = {
  method: 'DELETE',
  path: '/api/import/:id',
  params: ImportId,
  status: 204,
} as const satisfies Endpoint;
