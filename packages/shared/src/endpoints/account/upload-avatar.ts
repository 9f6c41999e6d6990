import { AvatarResponse } from '../../schemas/account.ts';
import type { Endpoint } from '../endpoint.ts';

/** The body is the image itself (JPEG, PNG, WebP or GIF), not JSON. */
export const uploadAvatar = {
  method: 'PUT',
  path: '/api/me/avatar',
  response: AvatarResponse,
} as const satisfies Endpoint;
