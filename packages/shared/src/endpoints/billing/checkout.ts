import { CreateCheckoutInput, RedirectUrl } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';

export const checkout = {
  method: 'POST',
  path: '/api/billing/checkout',
  body: CreateCheckoutInput,
  response: RedirectUrl,
} as const satisfies Endpoint;
