import { DeletionLimit } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';
import { EntryId } from './params.ts';

export const remove = {
  method: 'DELETE',
  path: '/api/entries/:id',
  params: EntryId,
  response: DeletionLimit,
} as const satisfies Endpoint;
