import {
  ReceivedSharePage,
  type ReportShareInput,
  type SendThankYouInput,
  SHARE_LIMITS,
  ShareView,
} from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { receivedShareKeys } from '../../../lib/query-keys.ts';

const sharePath = (shareId: string) => `/api/shares/${encodeURIComponent(shareId)}`;

/** docs/product/sharing.md#sharing-limits: share queries are stale after 2 minutes. */
export function receivedSharesQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: receivedShareKeys.list(page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest(`/api/shares/received?page=${page}&pageSize=${pageSize}`, {
        schema: ReceivedSharePage,
        signal,
      }),
    staleTime: SHARE_LIMITS.staleMs,
    placeholderData: (previous) => previous,
  });
}

/** The latest received shares (active only, newest first) and how many are unviewed. */
export function useReceivedShares(page: number, pageSize: number) {
  return useQuery(receivedSharesQueryOptions(page, pageSize));
}

/**
 * Records `in_app_viewed` for every unviewed received share, not only the five the open popover shows (docs/product/sharing.md#sharing-received),
 * so the badge clears. A failure is only logged: the badge simply stays until the next try.
 */
export function useMarkSharesViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/shares/received/viewed', { method: 'POST', schema: z.unknown() }),
    onSuccess: () => client.invalidateQueries({ queryKey: receivedShareKeys.lists() }),
    onError: (error) => console.warn('Could not record the shares as viewed:', error.message),
  });
}

/**
 * A received share opened in the app. The server records `in_app_viewed` if missing, so the bell's lists are
 * refreshed once it answers (the unviewed badge drops).
 */
export function useShareView(shareId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: receivedShareKeys.view(shareId),
    queryFn: async ({ signal }) => {
      const view = await apiRequest(`${sharePath(shareId)}/view`, { schema: ShareView, signal });
      void client.invalidateQueries({ queryKey: receivedShareKeys.lists() });
      return view;
    },
    // docs/product/sharing.md#sharing-viewer: view-share is stale after 5 minutes and never retried (a share that is not found stays not found;
    // asking again only delays the message).
    staleTime: SHARE_LIMITS.viewStaleMs,
    retry: false,
  });
}

/** docs/product/sharing.md#sharing-viewer: the token view is stale after 5 minutes and never retried. Works signed out. */
export function shareLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['share-link', token],
    queryFn: ({ signal }) =>
      apiRequest(`/api/share-links/${encodeURIComponent(token)}`, { schema: ShareView, signal }),
    staleTime: SHARE_LIMITS.viewStaleMs,
    retry: false,
  });
}

export function useShareLink(token: string) {
  return useQuery(shareLinkQueryOptions(token));
}

/**
 * Sends a note sealed to the entry's author in this browser (ADR 102), or a plain one, which the server moderates and
 * stores encrypted for an author who has no key pair yet.
 */
export function useSendThankYou(shareId: string) {
  return useMutation({
    mutationFn: (input: SendThankYouInput) =>
      apiRequest(`${sharePath(shareId)}/thank-you`, { method: 'POST', body: input, schema: z.unknown() }),
  });
}

export function useReportShare(shareId: string) {
  return useMutation({
    mutationFn: (input: ReportShareInput) =>
      apiRequest(`${sharePath(shareId)}/report`, { method: 'POST', body: input, schema: z.unknown() }),
  });
}
