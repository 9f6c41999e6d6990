import { Entry } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';
import { EntryId } from './params.ts';

export const get = {
  method: 'GET',
  path: '/api/entries/:id',
  params: EntryId,
  response: Entry,
} as const satisfies Endpoint;
