import { LocalCheckoutPayInput, RedirectUrl } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';
import { SessionId } from './params.ts';

export const payLocalCheckout = {
  method: 'POST',
  path: '/api/billing/local-checkout/:sessionId/pay',
  params: SessionId,
  body: LocalCheckoutPayInput,
  response: RedirectUrl,
} as const satisfies Endpoint;
