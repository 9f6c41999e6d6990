import { MyKeyPair } from '../../schemas/key-pairs.ts';
import type { Endpoint } from '../endpoint.ts';

export const mine = {
  method: 'GET',
  path: '/api/me/key-pair',
  response: MyKeyPair,
} as const satisfies Endpoint;
