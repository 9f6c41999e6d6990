import {
  ReceivedSharePage,
  type ReportShareInput,
  SHARE_LIMITS,
  ShareView,
  type ThankYouInput,
} from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { receivedShareKeys } from '../../../lib/query-keys.ts';

const sharePath = (shareId: string) => `/api/shares/${encodeURIComponent(shareId)}`;

/** Spec §9: share queries are stale after 2 minutes. */
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
 * Records `in_app_viewed` for the shares the open popover shows (spec §4). A failure is only logged: the badge
 * simply stays until the next try.
 */
export function useMarkSharesViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareIds: string[]) =>
      apiRequest('/api/shares/received/viewed', { method: 'POST', body: { shareIds }, schema: z.unknown() }),
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
    staleTime: SHARE_LIMITS.staleMs,
    // A share that is not found stays not found; asking again only delays the message.
    retry: false,
  });
}

/** Spec §9: the token view is stale after 5 minutes and never retried. Works signed out. */
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

/** The server moderates the note and stores it encrypted for the entry's author, in one call. */
export function useSendThankYou(shareId: string) {
  return useMutation({
    mutationFn: (input: ThankYouInput) =>
      apiRequest(`${sharePath(shareId)}/thank-you`, { method: 'POST', body: input, schema: z.unknown() }),
  });
}

export function useReportShare(shareId: string) {
  return useMutation({
    mutationFn: (input: ReportShareInput) =>
      apiRequest(`${sharePath(shareId)}/report`, { method: 'POST', body: input, schema: z.unknown() }),
  });
}
