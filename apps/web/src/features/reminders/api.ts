import { api, type PushSubscriptionInput, type ReminderSettingsInput } from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { reminderKeys } from '../../lib/query-keys.ts';

/* The daily reminders API (packages/shared/src/schemas/reminders.ts); every answer is parsed with its schema. */

export const reminderSettingsQueryOptions = queryOptions({
  queryKey: reminderKeys.settings,
  queryFn: ({ signal }) => callApi(api.reminders.get, { signal }),
});

export function useReminderSettings() {
  return useQuery(reminderSettingsQueryOptions);
}

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettingsInput) => callApi(api.reminders.save, { body: input }),
    onSuccess: (settings) => client.setQueryData(reminderKeys.settings, settings),
  });
}

export function savePushSubscription(subscription: PushSubscriptionInput): Promise<undefined> {
  return callApi(api.reminders.subscribePush, { body: subscription });
}

/** The unsubscribe page's button: the e-mail's token, no session needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => callApi(api.reminders.unsubscribe, { body: { token } }),
  });
}
