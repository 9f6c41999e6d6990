import { AiConsent, type AiConsentFeature, AiConsents } from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { aiKeys } from './query-keys.ts';

/** Whether this account's AI features ask first, the provider's host, and the features consented to (ADR 104). */
export const consentsQueryOptions = queryOptions({
  queryKey: aiKeys.consents(),
  queryFn: ({ signal }) => apiRequest('/api/ai/consents', { schema: AiConsents, signal }),
});

export const useAiConsents = () => useQuery(consentsQueryOptions);

export const giveConsent = (feature: AiConsentFeature, providerHost: string | null) =>
  apiRequest(`/api/ai/consents/${feature}`, { method: 'PUT', body: { providerHost }, schema: AiConsent });

export function useWithdrawConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (feature: AiConsentFeature) =>
      apiRequest(`/api/ai/consents/${feature}`, { method: 'DELETE', schema: z.undefined() }),
    onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.consents() }),
  });
}

/** Whether `feature` may send now: consent is not asked of this account, or was given for the current host. */
export const hasConsent = (consents: AiConsents, feature: AiConsentFeature) =>
  !consents.isRequired ||
  consents.items.some((item) => item.feature === feature && item.providerHost === consents.providerHost);
