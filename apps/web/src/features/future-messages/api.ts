import {
  api,
  FUTURE_MESSAGE_LIMITS,
  type FutureMessage,
  type FutureMessageStatus,
  NOTIFICATION_LIMITS,
  type ScheduleFutureMessageInput,
  type SealFutureMessagePrivatelyInput,
  type SealFutureMessageReadablyInput,
} from '@daybook/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { futureMessageKeys, notificationKeys } from '../../lib/query-keys.ts';

/*
 * The future-messages API (packages/shared/src/schemas/future-messages.ts), the notification summary the
 * arrival banner reads, and the server's test-tools flag. Every answer is parsed with its shared schema.
 */

/** The card's list: the next 3 pending by send time. */
export const upcomingQueryOptions = queryOptions({
  queryKey: futureMessageKeys.upcoming(),
  queryFn: ({ signal }) => callApi(api.futureMessages.upcoming, { signal }),
  select: (answer) => answer.items.slice(0, FUTURE_MESSAGE_LIMITS.upcomingShown),
});

export function useUpcomingMessages({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...upcomingQueryOptions, enabled });
}

/**
 * /me-ahead and the side menu: newest first (pending ones by send time when filtered to them); `page` is
 * 0-based as the API counts; without `status`, every state.
 */
export function messagePageQueryOptions(
  page: number,
  pageSize: number = FUTURE_MESSAGE_LIMITS.pageSize,
  status?: FutureMessageStatus,
) {
  return queryOptions({
    queryKey: futureMessageKeys.page(page, pageSize, status),
    queryFn: ({ signal }) => callApi(api.futureMessages.list, { query: { page, pageSize, status }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMessagePage(page: number, pageSize?: number, status?: FutureMessageStatus) {
  return useQuery(messagePageQueryOptions(page, pageSize, status));
}

/** One message (the arrival banner reads the subject of the one that arrived). */
export function messageQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...futureMessageKeys.all, 'one', id],
    queryFn: ({ signal }) => callApi(api.futureMessages.get, { params: { id }, signal }),
  });
}

/** Every change to a message refreshes every list of them. */
function useInvalidateMessages() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: futureMessageKeys.all });
}

export function useScheduleMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (input: ScheduleFutureMessageInput) => callApi(api.futureMessages.schedule, { body: input }),
    onSuccess: invalidate,
  });
}

export function useCancelMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (id: string) => callApi(api.futureMessages.cancel, { params: { id } }),
    onSettled: invalidate,
  });
}

/**
 * Switching private mode on (ADR 098): a page of the letters still sealed as version 1, newest first (each one
 * converted drops out, so the first page is always what is left), and the in-place replacement of one of them.
 */
export const fetchVersionOneLetters = (page: number, pageSize: number, signal?: AbortSignal) =>
  callApi(api.futureMessages.list, { query: { encryptionVersion: 1, page, pageSize }, signal });

export const putPrivateSealing = (id: string, body: SealFutureMessagePrivatelyInput, signal?: AbortSignal) =>
  callApi(api.futureMessages.sealPrivately, { params: { id }, body, signal });

/**
 * Switching private mode off (ADR 097, amended): a page of the letters still sealed with the account's key, and the
 * in-place replacement of one of them by its version-1 sealing.
 */
export const fetchVersionTwoLetters = (page: number, pageSize: number, signal?: AbortSignal) =>
  callApi(api.futureMessages.list, { query: { encryptionVersion: 2, page, pageSize }, signal });

export const putReadableSealing = (id: string, body: SealFutureMessageReadablyInput, signal?: AbortSignal) =>
  callApi(api.futureMessages.sealReadably, { params: { id }, body, signal });

/** Test tools only: delivers the due messages now, then the lists (and the bell) show the outcome. */
export function useProcessDueMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.futureMessages.processDue),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: futureMessageKeys.all }),
        client.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
    },
  });
}

export { serverInfoQueryOptions, useTestTools } from '../../lib/server-info.ts';

/** The bell's summary (docs/product/notifications.md#notifications-bell: stale after a minute, refetched every 60 s, never on focus). */
export const notificationSummaryQueryOptions = queryOptions({
  queryKey: notificationKeys.summary(),
  queryFn: ({ signal }) => callApi(api.notifications.summary, { signal }),
  staleTime: NOTIFICATION_LIMITS.staleMs,
  refetchInterval: NOTIFICATION_LIMITS.refetchMs,
  refetchOnWindowFocus: false,
});

export function useNotificationSummary() {
  return useQuery(notificationSummaryQueryOptions);
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.notifications.read, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export type { FutureMessage, FutureMessageStatus };
