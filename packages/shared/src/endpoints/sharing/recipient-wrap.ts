import { RecipientWrapInput } from '../../schemas/sealed-shares.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const recipientWrap = {
  method: 'POST',
  path: '/api/shares/:id/recipient-wrap',
  params: Id,
  body: RecipientWrapInput,
  status: 204,
} as const satisfies Endpoint;
