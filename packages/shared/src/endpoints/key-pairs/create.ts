import { KeyPairInput, MyKeyPair } from '../../schemas/key-pairs.ts';
import type { Endpoint } from '../endpoint.ts';

export const create = {
  method: 'POST',
  path: '/api/me/key-pair',
  body: KeyPairInput,
  response: MyKeyPair,
  status: 201,
} as const satisfies Endpoint;
