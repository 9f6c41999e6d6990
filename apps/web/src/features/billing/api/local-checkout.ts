import { api, type LocalCheckoutPayInput } from '@daybook/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET the local test checkout's session (the owner's only; another person's is a 404). */
export function localCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['billing', 'local-checkout', sessionId],
    queryFn: ({ signal }) => callApi(api.billing.localCheckout, { params: { sessionId }, signal }),
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
      callApi(api.billing.payLocalCheckout, { params: { sessionId }, body: input }),
  });
}
