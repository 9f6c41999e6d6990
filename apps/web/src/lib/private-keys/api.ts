import {
  type ChangePassphraseInput,
  OkResponse,
  PrivateKeyMaterial,
  PrivateModeStatus,
  type ReplaceRecoveryKeyInput,
  type SetUpPrivateModeInput,
} from '@daybook/shared';
import { apiRequest } from '../api-client.ts';

/** Private mode's endpoints (ADR 089): the signed-in person's own key material, never anyone else's. */
export const PRIVATE_MODE_PATHS = {
  status: '/api/me/private-mode',
  keys: '/api/me/private-mode/keys',
  setUp: '/api/me/private-mode',
  passphrase: '/api/me/private-mode/passphrase',
  recoveryKey: '/api/me/private-mode/recovery-key',
  startFresh: '/api/me/private-mode/start-fresh',
} as const;

export const fetchPrivateModeStatus = (signal?: AbortSignal) =>
  apiRequest(PRIVATE_MODE_PATHS.status, { schema: PrivateModeStatus, signal });

export const fetchKeyMaterial = (signal?: AbortSignal) =>
  apiRequest(PRIVATE_MODE_PATHS.keys, { schema: PrivateKeyMaterial, signal });

export const postSetUp = (body: SetUpPrivateModeInput) =>
  apiRequest(PRIVATE_MODE_PATHS.setUp, { method: 'POST', body, schema: PrivateModeStatus });

export const putPassphraseWrap = (body: ChangePassphraseInput) =>
  apiRequest(PRIVATE_MODE_PATHS.passphrase, { method: 'PUT', body, schema: PrivateModeStatus });

export const putRecoveryWrap = (body: ReplaceRecoveryKeyInput) =>
  apiRequest(PRIVATE_MODE_PATHS.recoveryKey, { method: 'PUT', body, schema: PrivateModeStatus });

export const postStartFresh = (password: string) =>
  apiRequest(PRIVATE_MODE_PATHS.startFresh, { method: 'POST', body: { password }, schema: OkResponse });
