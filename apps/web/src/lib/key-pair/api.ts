import { type KeyPairInput, MyKeyPair } from '@daybook/shared';
import { apiRequest } from '../api-client.ts';

/** The signed-in person's own key pair (ADR 102); the server answers no one else's. */
export const KEY_PAIR_PATHS = { mine: '/api/me/key-pair', wrap: '/api/me/key-pair/wrap' } as const;

export const fetchMyKeyPair = (signal?: AbortSignal) =>
  apiRequest(KEY_PAIR_PATHS.mine, { schema: MyKeyPair, signal });

export const postKeyPair = (body: KeyPairInput) =>
  apiRequest(KEY_PAIR_PATHS.mine, { method: 'POST', body, schema: MyKeyPair });

export const putKeyPairWrap = (body: KeyPairInput) =>
  apiRequest(KEY_PAIR_PATHS.wrap, { method: 'PUT', body, schema: MyKeyPair });
