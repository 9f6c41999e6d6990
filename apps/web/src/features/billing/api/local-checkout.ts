import { type LocalCheckoutPayInput, LocalCheckoutSession, RedirectUrl } from '@daybook/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const sessionPath = (sessionId: string) => `/api/billing/local-checkout/${encodeURIComponent(sessionId)}`;

/** GET the local test checkout's session (the owner's only; another person's is a 404). */
export function localCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['billing', 'local-checkout', sessionId],
    queryFn: ({ signal }) => apiRequest(sessionPath(sessionId), { schema: LocalCheckoutSession, signal }),
    retry: false,
    staleTime: 0,
  });
}

export function useLocalCheckoutSession(sessionId: string) {
  return useQuery(localCheckoutQueryOptions(sessionId));
}

/** Pays with a test card; the answer is where to go next (the success address). */
export function usePayLocalCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (input: LocalCheckoutPayInput) =>
      apiRequest(`${sessionPath(sessionId)}/pay`, { method: 'POST', body: input, schema: RedirectUrl }),
  });
}
