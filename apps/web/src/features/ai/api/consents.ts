import { type AiConsentFeature, type AiConsents, api } from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { aiKeys } from './query-keys.ts';

/** Whether this account's AI features ask first, the provider's host, and the features consented to (ADR 104). */
export const consentsQueryOptions = queryOptions({
  queryKey: aiKeys.consents(),
  queryFn: ({ signal }) => callApi(api.ai.consents, { signal }),
});

export const useAiConsents = () => useQuery(consentsQueryOptions);

export const giveConsent = (feature: AiConsentFeature, providerHost: string | null) =>
  callApi(api.ai.giveConsent, { params: { feature }, body: { providerHost } });

export function useWithdrawConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (feature: AiConsentFeature) => callApi(api.ai.withdrawConsent, { params: { feature } }),
    onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.consents() }),
  });
}

/** Whether `feature` may send now: consent is not asked of this account, or was given for the current host. */
export const hasConsent = (consents: AiConsents, feature: AiConsentFeature) =>
  !consents.isRequired ||
  consents.items.some((item) => item.feature === feature && item.providerHost === consents.providerHost);
