import { CreateSealedShareInput } from '../../schemas/sealed-shares.ts';
import { SentShareList } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const create = {
  method: 'POST',
  path: '/api/entries/:id/shares',
  params: Id,
  body: CreateSealedShareInput,
  response: SentShareList,
  status: 201,
} as const satisfies Endpoint;
