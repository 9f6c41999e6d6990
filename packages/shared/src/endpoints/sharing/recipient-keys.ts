import { ShareRecipientKeys, ShareRecipientsBody } from '../../schemas/sealed-shares.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const recipientKeys = {
  method: 'POST',
  path: '/api/entries/:id/share-recipients',
  params: Id,
  body: ShareRecipientsBody,
  response: ShareRecipientKeys,
} as const satisfies Endpoint;
