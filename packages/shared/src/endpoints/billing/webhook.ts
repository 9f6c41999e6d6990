import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';

/** Stripe's events, only with the Stripe provider; the body is read raw (its signature covers the exact bytes). */
export const webhook = {
  method: 'POST',
  path: '/api/billing/webhook',
  response: z.object({ received: z.literal(true) }),
} as const satisfies Endpoint;
