import { ReEncryptionPage, ReEncryptionQuery } from '../../schemas/private-switch.ts';
import type { Endpoint } from '../endpoint.ts';

export const reEncryption = {
  method: 'GET',
  path: '/api/me/private-mode/re-encryption',
  query: ReEncryptionQuery,
  response: ReEncryptionPage,
} as const satisfies Endpoint;
