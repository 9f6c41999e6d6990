import {
  type PushSubscriptionInput,
  ReminderSettings,
  type ReminderSettingsInput,
  UnsubscribeResult,
} from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { reminderKeys } from '../../lib/query-keys.ts';

/* The daily reminders API (packages/shared/src/schemas/reminders.ts); every answer is parsed with its schema. */

export const reminderSettingsQueryOptions = queryOptions({
  queryKey: reminderKeys.settings,
  queryFn: ({ signal }) => apiRequest('/api/reminders', { schema: ReminderSettings, signal }),
});

export function useReminderSettings() {
  return useQuery(reminderSettingsQueryOptions);
}

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettingsInput) =>
      apiRequest('/api/reminders', { method: 'PUT', body: input, schema: ReminderSettings }),
    onSuccess: (settings) => client.setQueryData(reminderKeys.settings, settings),
  });
}

export function savePushSubscription(subscription: PushSubscriptionInput): Promise<null> {
  return apiRequest('/api/reminders/push-subscriptions', {
    method: 'POST',
    body: subscription,
    schema: z.undefined().transform(() => null),
  });
}

/** The unsubscribe page's button: the e-mail's token, no session needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/reminders/unsubscribe', {
        method: 'POST',
        body: { token },
        schema: UnsubscribeResult,
      }),
  });
}
