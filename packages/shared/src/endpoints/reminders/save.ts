import { ReminderSettings, ReminderSettingsInput } from '../../schemas/reminders.ts';
import type { Endpoint } from '../endpoint.ts';

export const save = {
  method: 'PUT',
  path: '/api/reminders',
  body: ReminderSettingsInput,
  response: ReminderSettings,
} as const satisfies Endpoint;
