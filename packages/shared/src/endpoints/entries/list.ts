import { EntryListQuery, EntryPage } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';

export const list = {
  method: 'GET',
  path: '/api/entries',
  query: EntryListQuery,
  response: EntryPage,
} as const satisfies Endpoint;
