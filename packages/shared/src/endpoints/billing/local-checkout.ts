import { LocalCheckoutSession } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';
import { SessionId } from './params.ts';

/** The local test checkout: only with the local provider, and only from this machine. */
export const localCheckout = {
  method: 'GET',
  path: '/api/billing/local-checkout/:sessionId',
  params: SessionId,
  response: LocalCheckoutSession,
} as const satisfies Endpoint;
