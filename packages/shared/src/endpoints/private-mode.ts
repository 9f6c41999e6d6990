import { OkResponse } from '../schemas/auth.ts';
import {
  ChangePassphraseInput,
  PrivateKeyMaterial,
  PrivateModeStatus,
  ReplaceRecoveryKeyInput,
  SetUpPrivateModeInput,
  StartFreshInput,
} from '../schemas/private-mode.ts';
import {
  PlainImportKeysPage,
  PlainImportKeysQuery,
  PrivateSwitchInput,
  PrivateSwitchStatus,
  ReEncryptInput,
  ReEncryptionPage,
  ReEncryptionQuery,
  ReEncryptResult,
  RekeyImportInput,
  RekeyImportResult,
} from '../schemas/private-switch.ts';
import type { Endpoint } from './endpoint.ts';

/** The private-mode module's operations (apps/server/src/modules/private-mode): its key (ADR 089), its switch (ADR 097). */

export const status = {
  method: 'GET',
  path: '/api/me/private-mode',
  response: PrivateModeStatus,
} as const satisfies Endpoint;

export const keys = {
  method: 'GET',
  path: '/api/me/private-mode/keys',
  response: PrivateKeyMaterial,
} as const satisfies Endpoint;

export const setUp = {
  method: 'POST',
  path: '/api/me/private-mode',
  body: SetUpPrivateModeInput,
  response: PrivateModeStatus,
  status: 201,
} as const satisfies Endpoint;

export const changePassphrase = {
  method: 'PUT',
  path: '/api/me/private-mode/passphrase',
  body: ChangePassphraseInput,
  response: PrivateModeStatus,
} as const satisfies Endpoint;

export const replaceRecoveryKey = {
  method: 'PUT',
  path: '/api/me/private-mode/recovery-key',
  body: ReplaceRecoveryKeyInput,
  response: PrivateModeStatus,
} as const satisfies Endpoint;

export const startFresh = {
  method: 'POST',
  path: '/api/me/private-mode/start-fresh',
  body: StartFreshInput,
  response: OkResponse,
} as const satisfies Endpoint;

// Switching an existing account on and off (switch-routes.ts, ADR 097).

export const switchStatus = {
  method: 'GET',
  path: '/api/me/private-mode/switch',
  response: PrivateSwitchStatus,
} as const satisfies Endpoint;

export const reEncryption = {
  method: 'GET',
  path: '/api/me/private-mode/re-encryption',
  query: ReEncryptionQuery,
  response: ReEncryptionPage,
} as const satisfies Endpoint;

export const reEncrypt = {
  method: 'POST',
  path: '/api/me/private-mode/re-encrypt',
  body: ReEncryptInput,
  response: ReEncryptResult,
} as const satisfies Endpoint;

export const plainImportKeys = {
  method: 'GET',
  path: '/api/me/private-mode/import-keys',
  query: PlainImportKeysQuery,
  response: PlainImportKeysPage,
} as const satisfies Endpoint;

export const rekeyImport = {
  method: 'POST',
  path: '/api/me/private-mode/import-keys',
  body: RekeyImportInput,
  response: RekeyImportResult,
} as const satisfies Endpoint;

export const switchOff = {
  method: 'POST',
  path: '/api/me/private-mode/switch-off',
  body: PrivateSwitchInput,
  response: PrivateSwitchStatus,
} as const satisfies Endpoint;

export const cancelSwitchOff = {
  method: 'POST',
  path: '/api/me/private-mode/switch-off/cancel',
  body: PrivateSwitchInput,
  response: PrivateSwitchStatus,
} as const satisfies Endpoint;

export const finishSwitchOff = {
  method: 'POST',
  path: '/api/me/private-mode/switch-off/finish',
  body: PrivateSwitchInput,
  response: PrivateSwitchStatus,
} as const satisfies Endpoint;
