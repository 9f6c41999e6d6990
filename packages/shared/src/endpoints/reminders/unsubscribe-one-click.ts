import { UnsubscribeInput, UnsubscribeResult } from '../../schemas/reminders.ts';
import type { Endpoint } from '../endpoint.ts';

/** RFC 8058 one-click from the mail client: the token in the address, the form body ignored. */
export const unsubscribeOneClick = {
  method: 'POST',
  path: '/api/reminders/unsubscribe/one-click',
  query: UnsubscribeInput,
  response: UnsubscribeResult,
} as const satisfies Endpoint;
