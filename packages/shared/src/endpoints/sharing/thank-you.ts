import { SendThankYouInput } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';
import { Created, Id } from './params.ts';

export const thankYou = {
  method: 'POST',
  path: '/api/shares/:id/thank-you',
  params: Id,
  body: SendThankYouInput,
  response: Created,
  status: 201,
} as const satisfies Endpoint;
