import { AiConsentFeature } from '@daybook/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatInstant } from '../../../lib/dates.ts';
import { useAiConsents, useWithdrawConsent } from '../api/consents.ts';
import { CONSENT_FEATURES, receiverOf } from '../consent-copy.ts';

/**
 * /profile#ai-consent: the AI features a private account consented to, each with who receives its words and a
 * Withdraw button; withdrawn, the feature asks again before its next use (ADR 104).
 */
export default function AiConsentsSection() {
  const consents = useAiConsents();
  const withdraw = useWithdrawConsent();
  const data = consents.data;
  const given = data
    ? AiConsentFeature.options.flatMap((feature) => {
        const item = data.items.find((consent) => consent.feature === feature);
        return item ? [item] : [];
      })
    : [];

  return (
    <SettingsSection
      id="ai-consent"
      title="AI consent"
      description="In private mode, each AI feature asks before your browser sends it the words it reads."
    >
      {consents.isPending ? (
        <div role="status">
          <span className="sr-only">Loading your AI consent…</span>
          <Skeleton className="h-16" />
        </div>
      ) : consents.isError ? (
        <Alert variant="error" role="alert">
          <p>{consents.error.message}</p>
        </Alert>
      ) : !data?.isRequired ? (
        <p className="text-sm text-muted-foreground">
          Your journal is in standard mode: the server can read it, and AI features ask nothing first.
        </p>
      ) : given.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have not consented to any AI feature.</p>
      ) : (
        <ul className="flex flex-col divide-y" aria-label="AI features you consented to">
          {given.map((consent) => {
            const copy = CONSENT_FEATURES[consent.feature];
            const isCurrent = consent.providerHost === data.providerHost;
            return (
              <li key={consent.feature} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">{copy.name}</span>
                  <span className="text-sm text-muted-foreground">
                    Sends {copy.sends} to {receiverOf(consent.providerHost)}; given{' '}
                    {formatInstant('mediumDate', consent.givenAt)}
                    {isCurrent ? '' : '. The provider has changed since: it will ask again'}
                  </span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Withdraw consent for ${copy.name}`}
                  disabled={withdraw.isPending}
                  onClick={() => withdraw.mutate(consent.feature)}
                >
                  Withdraw
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {withdraw.isError ? (
        <Alert variant="error" role="alert">
          <p>{withdraw.error.message}</p>
        </Alert>
      ) : null}
    </SettingsSection>
  );
}
