import { UnsubscribeInput, UnsubscribeResult } from '../../schemas/reminders.ts';
import type { Endpoint } from '../endpoint.ts';

/** The unsubscribe page's button: the e-mail's signed token, signed out too. */
export const unsubscribe = {
  method: 'POST',
  path: '/api/reminders/unsubscribe',
  body: UnsubscribeInput,
  response: UnsubscribeResult,
} as const satisfies Endpoint;
