import { RedirectUrl } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';

export const portal = {
  method: 'POST',
  path: '/api/billing/portal',
  response: RedirectUrl,
} as const satisfies Endpoint;
