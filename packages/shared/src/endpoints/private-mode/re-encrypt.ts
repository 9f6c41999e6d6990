import { ReEncryptInput, ReEncryptResult } from '../../schemas/private-switch.ts';
import type { Endpoint } from '../endpoint.ts';

export const reEncrypt = {
  method: 'POST',
  path: '/api/me/private-mode/re-encrypt',
  body: ReEncryptInput,
  response: ReEncryptResult,
} as const satisfies Endpoint;
