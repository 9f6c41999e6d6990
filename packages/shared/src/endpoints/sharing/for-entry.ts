import { SentShareList } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const forEntry = {
  method: 'GET',
  path: '/api/entries/:id/shares',
  params: Id,
  response: SentShareList,
} as const satisfies Endpoint;
