import { AvatarResponse } from '../../schemas/account.ts';
import type { Endpoint } from '../endpoint.ts';

export const removeAvatar = {
  method: 'DELETE',
  path: '/api/me/avatar',
  response: AvatarResponse,
} as const satisfies Endpoint;
