import { Profile, UpdateProfileInput } from '../../schemas/account.ts';
import type { Endpoint } from '../endpoint.ts';

export const updateProfile = {
  method: 'PATCH',
  path: '/api/me',
  body: UpdateProfileInput,
  response: Profile,
} as const satisfies Endpoint;
