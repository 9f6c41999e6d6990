import { ReminderSettings } from '../../schemas/reminders.ts';
import type { Endpoint } from '../endpoint.ts';

export const get = {
  method: 'GET',
  path: '/api/reminders',
  response: ReminderSettings,
} as const satisfies Endpoint;
