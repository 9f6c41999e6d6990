import {
  FUTURE_MESSAGE_LIMITS,
  FutureMessage,
  FutureMessagePage,
  type FutureMessageStatus,
  NOTIFICATION_LIMITS,
  NotificationSummary,
  type ScheduleFutureMessageInput,
  type SealFutureMessagePrivatelyInput,
  type SealFutureMessageReadablyInput,
} from '@daybook/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { futureMessageKeys, notificationKeys } from '../../lib/query-keys.ts';

/*
 * The future-messages API (packages/shared/src/schemas/future-messages.ts), the notification summary the
 * arrival banner reads, and the server's test-tools flag. Every answer is parsed with its shared schema.
 */

const BASE = '/api/future-messages';
const messagePath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

const UpcomingAnswer = z.object({ items: z.array(FutureMessage) });

/** The card's list: the next 3 pending by send time. */
export const upcomingQueryOptions = queryOptions({
  queryKey: futureMessageKeys.upcoming(),
  queryFn: ({ signal }) => apiRequest(`${BASE}/upcoming`, { schema: UpcomingAnswer, signal }),
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
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (status) query.set('status', status);
  return queryOptions({
    queryKey: futureMessageKeys.page(page, pageSize, status),
    queryFn: ({ signal }) => apiRequest(`${BASE}?${query}`, { schema: FutureMessagePage, signal }),
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
    queryFn: ({ signal }) => apiRequest(messagePath(id), { schema: FutureMessage, signal }),
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
    mutationFn: (input: ScheduleFutureMessageInput) =>
      apiRequest(BASE, { method: 'POST', body: input, schema: FutureMessage }),
    onSuccess: invalidate,
  });
}

export function useCancelMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${messagePath(id)}/cancel`, { method: 'POST', schema: FutureMessage }),
    onSettled: invalidate,
  });
}

/**
 * Switching private mode on (ADR 098): a page of the letters still sealed as version 1, newest first (each one
 * converted drops out, so the first page is always what is left), and the in-place replacement of one of them.
 */
export const fetchVersionOneLetters = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiRequest(
    `${BASE}?${new URLSearchParams({ encryptionVersion: '1', page: String(page), pageSize: String(pageSize) })}`,
    { schema: FutureMessagePage, signal },
  );

export const putPrivateSealing = (id: string, body: SealFutureMessagePrivatelyInput, signal?: AbortSignal) =>
  apiRequest(`${messagePath(id)}/private`, { method: 'PUT', body, schema: FutureMessage, signal });

/**
 * Switching private mode off (ADR 097, amended): a page of the letters still sealed with the account's key, and the
 * in-place replacement of one of them by its version-1 sealing.
 */
export const fetchVersionTwoLetters = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiRequest(
    `${BASE}?${new URLSearchParams({ encryptionVersion: '2', page: String(page), pageSize: String(pageSize) })}`,
    { schema: FutureMessagePage, signal },
  );

export const putReadableSealing = (id: string, body: SealFutureMessageReadablyInput, signal?: AbortSignal) =>
  apiRequest(`${messagePath(id)}/readable`, { method: 'PUT', body, schema: FutureMessage, signal });

const ProcessAnswer = z.object({ processed: z.number() });

/** Test tools only: delivers the due messages now, then the lists (and the bell) show the outcome. */
export function useProcessDueMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/dev/future-messages/process', { method: 'POST', schema: ProcessAnswer }),
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
  queryFn: ({ signal }) => apiRequest('/api/notifications/summary', { schema: NotificationSummary, signal }),
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
    mutationFn: (id: string) =>
      apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, {
        method: 'POST',
        schema: z.unknown(),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export type { FutureMessage, FutureMessageStatus };
