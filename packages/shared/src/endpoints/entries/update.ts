import { CreatedEntry, UpdateEntryInput } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';
import { EntryId } from './params.ts';

export const update = {
  method: 'PATCH',
  path: '/api/entries/:id',
  params: EntryId,
  body: UpdateEntryInput,
  response: CreatedEntry,
} as const satisfies Endpoint;
