import { KeyPairInput, MyKeyPair } from '../../schemas/key-pairs.ts';
import type { Endpoint } from '../endpoint.ts';

export const rewrap = {
  method: 'PUT',
  path: '/api/me/key-pair/wrap',
  body: KeyPairInput,
  response: MyKeyPair,
} as const satisfies Endpoint;
