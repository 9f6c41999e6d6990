import {
  ReceivedSharePage,
  type ReportShareInput,
  SHARE_LIMITS,
  ShareView,
  type ThankYouInput,
  thankYouModerationOutcome,
} from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { moderateText } from '../../../lib/moderation/moderate-text.ts';
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
/** Where a thank-you note is on its way: its moderation check ("Checking..."), then its sending ("Sending..."). */
export type ThankYouStep = 'checking' | 'sending';

/** The note the moderation check refused, with the spec's message for it (crisis, high or medium). */
export class ThankYouRefused extends Error {}

/**
 * Spec §2, §5: the note is checked first (POST /api/moderation/text, the thank-you rules) and sent only if it
 * passes; `onStep` tells the dialog which of the two is running. The server checks again when it stores it.
 */
export function useSendThankYou(shareId: string, onStep: (step: ThankYouStep) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ThankYouInput) => {
      onStep('checking');
      const outcome = thankYouModerationOutcome(await moderateText(client, input.message));
      if (outcome.action === 'block') throw new ThankYouRefused(outcome.message);
      onStep('sending');
      return apiRequest(`${sharePath(shareId)}/thank-you`, { method: 'POST', body: input, schema: z.unknown() });
    },
  });
}

export function useReportShare(shareId: string) {
  return useMutation({
    mutationFn: (input: ReportShareInput) =>
      apiRequest(`${sharePath(shareId)}/report`, { method: 'POST', body: input, schema: z.unknown() }),
  });
}
