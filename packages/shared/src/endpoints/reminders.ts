import { z } from 'zod';
import {
  PushEndpointInput,
  PushSubscriptionInput,
  ReminderSettings,
  ReminderSettingsInput,
  UnsubscribeInput,
  UnsubscribeResult,
} from '../schemas/reminders.ts';
import type { Endpoint } from './endpoint.ts';

/** The reminders module's operations (apps/server/src/modules/reminders). */

export const get = {
  method: 'GET',
  path: '/api/reminders',
  response: ReminderSettings,
} as const satisfies Endpoint;

export const save = {
  method: 'PUT',
  path: '/api/reminders',
  body: ReminderSettingsInput,
  response: ReminderSettings,
} as const satisfies Endpoint;

export const subscribePush = {
  method: 'POST',
  path: '/api/reminders/push-subscriptions',
  body: PushSubscriptionInput,
  status: 204,
} as const satisfies Endpoint;

export const unsubscribePush = {
  method: 'DELETE',
  path: '/api/reminders/push-subscriptions',
  body: PushEndpointInput,
  status: 204,
} as const satisfies Endpoint;

/** The unsubscribe page's button: the e-mail's signed token, signed out too. */
export const unsubscribe = {
  method: 'POST',
  path: '/api/reminders/unsubscribe',
  body: UnsubscribeInput,
  response: UnsubscribeResult,
} as const satisfies Endpoint;

/** RFC 8058 one-click from the mail client: the token in the address, the form body ignored. */
export const unsubscribeOneClick = {
  method: 'POST',
  path: '/api/reminders/unsubscribe/one-click',
  query: UnsubscribeInput,
  response: UnsubscribeResult,
} as const satisfies Endpoint;

/** Test tools only (registered with TEST_TOOLS, never in production): sends today's reminder now. */
export const sendNow = {
  method: 'POST',
  path: '/api/dev/reminders/send-now',
  response: z.object({ sent: z.number().int() }),
} as const satisfies Endpoint;
