import { AwaitingWrapList } from '../../schemas/sealed-shares.ts';
import type { Endpoint } from '../endpoint.ts';

export const awaitingWrap = {
  method: 'GET',
  path: '/api/shares/awaiting-wrap',
  response: AwaitingWrapList,
} as const satisfies Endpoint;
