import { EmailOnlyInput, OkResponse } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

export const resendVerification = {
  method: 'POST',
  path: '/api/auth/resend-verification',
  body: EmailOnlyInput,
  response: OkResponse,
} as const satisfies Endpoint;
