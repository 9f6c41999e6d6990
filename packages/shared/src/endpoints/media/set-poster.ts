import { VideoPoster, VideoPosterInput } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const setPoster = {
  method: 'PUT',
  path: '/api/media/drafts/:id/poster',
  params: Id,
  body: VideoPosterInput,
  response: VideoPoster,
} as const satisfies Endpoint;
