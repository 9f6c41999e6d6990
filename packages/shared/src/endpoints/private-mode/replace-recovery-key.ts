import { PrivateModeStatus, ReplaceRecoveryKeyInput } from '../../schemas/private-mode.ts';
import type { Endpoint } from '../endpoint.ts';

export const replaceRecoveryKey = {
  method: 'PUT',
  path: '/api/me/private-mode/recovery-key',
  body: ReplaceRecoveryKeyInput,
  response: PrivateModeStatus,
} as const satisfies Endpoint;
