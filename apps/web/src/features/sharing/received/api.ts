import { api, type ReportShareInput, type SendThankYouInput, SHARE_LIMITS } from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { receivedShareKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session/get-session.ts';

/** A sealed share's opener (ADR 103), loaded only once an answer holds one. */
const loadOpenSealed = () => import('./open-sealed.ts');

/**
 * docs/product/sharing.md#sharing-limits: share queries are stale after 2 minutes. Sealed shares' previews and
 * moods are read here from their copies (ADR 103), so every list shows them as it shows any share's.
 */
export function receivedSharesQueryOptions(page: number, pageSize: number, userId = '') {
  return queryOptions({
    queryKey: receivedShareKeys.list(page, pageSize),
    queryFn: async ({ signal }) => {
      const answer = await callApi(api.sharing.received, { query: { page, pageSize }, signal });
      if (!userId || !answer.items.some((item) => item.sealed)) return answer;
      return (await loadOpenSealed()).openSealedPreviews(answer, userId);
    },
    staleTime: SHARE_LIMITS.staleMs,
    placeholderData: (previous) => previous,
  });
}

/** The latest received shares (active only, newest first) and how many are unviewed. */
export function useReceivedShares(page: number, pageSize: number) {
  const { user } = useSession();
  return useQuery(receivedSharesQueryOptions(page, pageSize, user?.id));
}

/**
 * Records `in_app_viewed` for every unviewed received share, not only the five the open popover shows (docs/product/sharing.md#sharing-received),
 * so the badge clears. A failure is only logged: the badge simply stays until the next try.
 */
export function useMarkSharesViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.sharing.markViewed),
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
  const { user } = useSession();
  return useQuery({
    queryKey: receivedShareKeys.view(shareId),
    queryFn: async ({ signal }) => {
      const view = await callApi(api.sharing.view, { params: { id: shareId }, signal });
      void client.invalidateQueries({ queryKey: receivedShareKeys.lists() });
      if (!view.sealed) return view;
      return (await loadOpenSealed()).openSealedView(view, { userId: user?.id });
    },
    // docs/product/sharing.md#sharing-viewer: view-share is stale after 5 minutes and never retried (a share that is not found stays not found;
    // asking again only delays the message).
    staleTime: SHARE_LIMITS.viewStaleMs,
    retry: false,
  });
}

/**
 * docs/product/sharing.md#sharing-viewer: the token view is stale after 5 minutes and never retried. Works signed
 * out. A private link's key is in the page's fragment (ADR 103), read here and never sent anywhere.
 */
export function shareLinkQueryOptions(token: string, userId = '') {
  return queryOptions({
    queryKey: ['share-link', token, userId],
    queryFn: async ({ signal }) => {
      const view = await callApi(api.sharing.link, { params: { token }, signal });
      return view.sealed ? (await loadOpenSealed()).openLinkView(view, userId, signal) : view;
    },
    staleTime: SHARE_LIMITS.viewStaleMs,
    retry: false,
  });
}

export function useShareLink(token: string) {
  const { user, isPending } = useSession();
  return useQuery({ ...shareLinkQueryOptions(token, user?.id), enabled: !isPending });
}

/**
 * Sends a note sealed to the entry's author in this browser (ADR 102), or a plain one, which the server moderates and
 * stores encrypted for an author who has no key pair yet.
 */
export function useSendThankYou(shareId: string) {
  return useMutation({
    mutationFn: (input: SendThankYouInput) =>
      callApi(api.sharing.thankYou, { params: { id: shareId }, body: input }),
  });
}

export function useReportShare(shareId: string) {
  return useMutation({
    mutationFn: (input: ReportShareInput) =>
      callApi(api.sharing.report, { params: { id: shareId }, body: input }),
  });
}
