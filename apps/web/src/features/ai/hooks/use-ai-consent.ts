import type { AiConsentFeature } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consentsQueryOptions, giveConsent, hasConsent } from '../api/consents.ts';
import { aiKeys } from '../api/query-keys.ts';

/**
 * Consent before an AI feature sends a private account's words (ADR 104): `ensure()` answers at once when consent is
 * not asked of this account or was given for the provider's current host, and otherwise opens the dialog and answers
 * when the person chose. `dialog` is what the page renders (the AiConsentDialog's props).
 */
export function useAiConsent(feature: AiConsentFeature) {
  const client = useQueryClient();
  const [asking, setAsking] = useState<{ providerHost: string | null } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answer = useRef<((isAllowed: boolean) => void) | null>(null);

  const ensure = useCallback(async (): Promise<boolean> => {
    const consents = await client.fetchQuery({ ...consentsQueryOptions, staleTime: 0 });
    if (hasConsent(consents, feature)) return true;
    setError(null);
    setAsking({ providerHost: consents.providerHost });
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, [client, feature]);

  const finish = (isAllowed: boolean) => {
    answer.current?.(isAllowed);
    answer.current = null;
    setAsking(null);
  };

  const onAllow = async () => {
    if (!asking) return;
    setIsSaving(true);
    try {
      await giveConsent(feature, asking.providerHost);
      await client.invalidateQueries({ queryKey: aiKeys.consents() });
      finish(true);
    } catch (caught) {
      // The host changed meanwhile: the dialog names the new one and asks again.
      await client.invalidateQueries({ queryKey: aiKeys.consents() });
      const consents = await client.fetchQuery(consentsQueryOptions).catch(() => null);
      if (consents) setAsking({ providerHost: consents.providerHost });
      setError(caught instanceof Error ? caught.message : 'Please try again');
    } finally {
      setIsSaving(false);
    }
  };

  return {
    ensure,
    dialog: {
      feature: asking ? feature : null,
      providerHost: asking?.providerHost ?? null,
      isSaving,
      error,
      onAllow: () => void onAllow(),
      onDecline: () => finish(false),
    },
  };
}

/** Whether a refusal says consent is missing (withdrawn on another device, or the host changed). */
export const isConsentRequired = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'AI_CONSENT_REQUIRED';
