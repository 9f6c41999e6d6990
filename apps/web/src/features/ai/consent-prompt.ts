import { type AiConsentFeature, api } from '@daybook/shared';
import { callApi } from '../../lib/api-client.ts';

/** What the consent dialog shows while it asks (AiConsentDialog's props). */
export type ConsentAsk = {
  feature: AiConsentFeature;
  providerHost: string | null;
  isSaving: boolean;
  error: string | null;
  onAllow: () => void;
  onDecline: () => void;
};

/**
 * Consent before a private account's words go to an AI feature (ADR 104), for a button outside any page that holds
 * the dialog (AI Assist in the entry boxes): answers true at once when consent is not asked of this account or was
 * given for the current host; otherwise shows the dialog through `show` and answers once the person chose. Loaded
 * with the first press, not with the dashboard.
 */
export async function askConsent(
  feature: AiConsentFeature,
  show: (ask: ConsentAsk | null) => void,
): Promise<boolean> {
  const consents = await callApi(api.ai.consents);
  const isGiven = consents.items.some(
    (item) => item.feature === feature && item.providerHost === consents.providerHost,
  );
  if (!consents.isRequired || isGiven) return true;
  return new Promise<boolean>((resolve) => {
    const finish = (isAllowed: boolean) => {
      show(null);
      resolve(isAllowed);
    };
    const ask = (providerHost: string | null, isSaving: boolean, error: string | null): ConsentAsk => ({
      feature,
      providerHost,
      isSaving,
      error,
      onDecline: () => finish(false),
      onAllow: () => {
        show(ask(providerHost, true, null));
        callApi(api.ai.giveConsent, { params: { feature }, body: { providerHost } })
          .then(() => finish(true))
          .catch(async (error: unknown) => {
            const now = await callApi(api.ai.consents).catch(() => consents);
            show(ask(now.providerHost, false, error instanceof Error ? error.message : 'Please try again'));
          });
      },
    });
    show(ask(consents.providerHost, false, null));
  });
}
