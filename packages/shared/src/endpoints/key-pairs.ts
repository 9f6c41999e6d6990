import { KeyPairInput, MyKeyPair } from '../schemas/key-pairs.ts';
import type { Endpoint } from './endpoint.ts';

/** The key-pairs module's operations (apps/server/src/modules/key-pairs): your own key pair (ADR 102). */

export const mine = {
  method: 'GET',
  path: '/api/me/key-pair',
  response: MyKeyPair,
} as const satisfies Endpoint;

export const create = {
  method: 'POST',
  path: '/api/me/key-pair',
  body: KeyPairInput,
  response: MyKeyPair,
  status: 201,
} as const satisfies Endpoint;

export const rewrap = {
  method: 'PUT',
  path: '/api/me/key-pair/wrap',
  body: KeyPairInput,
  response: MyKeyPair,
} as const satisfies Endpoint;
