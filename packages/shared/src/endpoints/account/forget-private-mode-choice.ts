import type { Endpoint } from '../endpoint.ts';

export const forgetPrivateModeChoice = {
  method: 'DELETE',
  path: '/api/me/private-mode-choice',
  status: 204,
} as const satisfies Endpoint;
