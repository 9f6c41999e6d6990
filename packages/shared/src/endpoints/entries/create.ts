import { CreatedEntry, CreateEntryInput } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';

export const create = {
  method: 'POST',
  path: '/api/entries',
  body: CreateEntryInput,
  response: CreatedEntry,
  status: 201,
} as const satisfies Endpoint;
