import { ThankYouNote } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const thankYouNote = {
  method: 'GET',
  path: '/api/thank-you-notes/:id',
  params: Id,
  response: ThankYouNote,
} as const satisfies Endpoint;
