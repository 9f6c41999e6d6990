import { z } from 'zod';
import {
  AvatarResponse,
  CancelDeletionResponse,
  DeletionStatus,
  PlanFeatures,
  Profile,
  RequestDeletionInput,
  UpdateProfileInput,
} from '../schemas/account.ts';
import {
  ChangeEmailInput,
  ChangePasswordInput,
  RevokedSessions,
  SessionList,
} from '../schemas/account-security.ts';
import { OkResponse } from '../schemas/auth.ts';
import {
  AddPasskeyInput,
  Passkey,
  PasskeyList,
  PasskeyOptions,
  RenamePasskeyInput,
} from '../schemas/passkeys.ts';
import {
  EnableTwoFactorInput,
  StartTwoFactorSetupInput,
  TwoFactorCodeInput,
  TwoFactorEnabled,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../schemas/two-factor.ts';
import type { Endpoint } from './endpoint.ts';

/** The account module's operations (apps/server/src/modules/account): `/api/me` and its parts, and avatars. */

const Id = z.object({ id: z.uuid() });

/** An avatar image, public by its unguessable address (the profile's `avatarUrl`). */
export const avatar = {
  method: 'GET',
  path: '/api/avatars/:userId',
  params: z.object({ userId: z.uuid() }),
} as const satisfies Endpoint;

// The profile (profile-routes.ts).

export const profile = {
  method: 'GET',
  path: '/api/me',
  response: Profile,
} as const satisfies Endpoint;

export const updateProfile = {
  method: 'PATCH',
  path: '/api/me',
  body: UpdateProfileInput,
  response: Profile,
} as const satisfies Endpoint;

/** The body is the image itself (JPEG, PNG, WebP or GIF), not JSON. */
export const uploadAvatar = {
  method: 'PUT',
  path: '/api/me/avatar',
  response: AvatarResponse,
} as const satisfies Endpoint;

export const removeAvatar = {
  method: 'DELETE',
  path: '/api/me/avatar',
  response: AvatarResponse,
} as const satisfies Endpoint;

export const forgetPrivateModeChoice = {
  method: 'DELETE',
  path: '/api/me/private-mode-choice',
  status: 204,
} as const satisfies Endpoint;

export const planFeatures = {
  method: 'GET',
  path: '/api/me/plan-features',
  response: PlanFeatures,
} as const satisfies Endpoint;

// Password, e-mail and sessions (credential-routes.ts).

export const changePassword = {
  method: 'POST',
  path: '/api/me/password',
  body: ChangePasswordInput,
  response: OkResponse,
} as const satisfies Endpoint;

export const changeEmail = {
  method: 'POST',
  path: '/api/me/email',
  body: ChangeEmailInput,
  response: OkResponse,
} as const satisfies Endpoint;

export const sessions = {
  method: 'GET',
  path: '/api/me/sessions',
  response: SessionList,
} as const satisfies Endpoint;

export const revokeOtherSessions = {
  method: 'POST',
  path: '/api/me/sessions/revoke-others',
  response: RevokedSessions,
} as const satisfies Endpoint;

export const revokeSession = {
  method: 'DELETE',
  path: '/api/me/sessions/:id',
  params: Id,
  status: 204,
} as const satisfies Endpoint;

// Two-step sign-in (two-factor-routes.ts, ADR 075).

export const twoFactor = {
  method: 'GET',
  path: '/api/me/two-factor',
  response: TwoFactorStatus,
} as const satisfies Endpoint;

export const startTwoFactorSetup = {
  method: 'POST',
  path: '/api/me/two-factor/setup',
  body: StartTwoFactorSetupInput,
  response: TwoFactorSetup,
} as const satisfies Endpoint;

export const enableTwoFactor = {
  method: 'POST',
  path: '/api/me/two-factor/enable',
  body: EnableTwoFactorInput,
  response: TwoFactorEnabled,
} as const satisfies Endpoint;

export const disableTwoFactor = {
  method: 'POST',
  path: '/api/me/two-factor/disable',
  body: TwoFactorCodeInput,
  response: OkResponse,
} as const satisfies Endpoint;

export const replaceRecoveryCodes = {
  method: 'POST',
  path: '/api/me/two-factor/recovery-codes',
  body: TwoFactorCodeInput,
  response: TwoFactorRecoveryCodes,
} as const satisfies Endpoint;

// Passkeys (passkey-routes.ts, ADR 080).

export const passkeys = {
  method: 'GET',
  path: '/api/me/passkeys',
  response: PasskeyList,
} as const satisfies Endpoint;

export const passkeyOptions = {
  method: 'POST',
  path: '/api/me/passkeys/options',
  response: PasskeyOptions,
} as const satisfies Endpoint;

export const addPasskey = {
  method: 'POST',
  path: '/api/me/passkeys',
  body: AddPasskeyInput,
  response: Passkey,
  status: 201,
} as const satisfies Endpoint;

export const renamePasskey = {
  method: 'PATCH',
  path: '/api/me/passkeys/:id',
  params: Id,
  body: RenamePasskeyInput,
  response: Passkey,
} as const satisfies Endpoint;

export const removePasskey = {
  method: 'DELETE',
  path: '/api/me/passkeys/:id',
  params: Id,
  response: OkResponse,
} as const satisfies Endpoint;

// Deletion (deletion-routes.ts).

export const deletion = {
  method: 'GET',
  path: '/api/me/deletion',
  response: DeletionStatus,
} as const satisfies Endpoint;

export const requestDeletion = {
  method: 'POST',
  path: '/api/me/deletion',
  body: RequestDeletionInput,
  response: DeletionStatus,
} as const satisfies Endpoint;

export const cancelDeletion = {
  method: 'DELETE',
  path: '/api/me/deletion',
  response: CancelDeletionResponse,
} as const satisfies Endpoint;
