import {
  AI_MESSAGES,
  type AiConsent,
  type AiConsentFeature,
  type AiConsentRequiredDetails,
  type AiConsents,
  type SessionUser,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type ConsentRow, createAiConsentRepository } from './consent-repository.ts';

/**
 * AI by consent (ADR 104). A private account's AI features ask, feature by feature, before the browser sends the
 * words they read; the consent names the provider's host and counts only while the server's provider is that host.
 * A standard account is asked nothing: its server reads its journal anyway, and the spec's features stay as they are.
 */
export function createAiConsents(deps: {
  db: Db;
  clock: Clock;
  providerHost: string | null;
  isPrivate: (userId: string) => Promise<boolean>;
}) {
  const { clock, providerHost, isPrivate } = deps;
  const repository = createAiConsentRepository(deps.db);

  const toConsent = (row: ConsentRow): AiConsent => ({
    feature: row.feature,
    providerHost: row.providerHost,
    givenAt: row.givenAt.toISOString(),
  });

  return {
    async list(user: SessionUser): Promise<AiConsents> {
      const [isRequired, rows] = await Promise.all([isPrivate(user.id), repository.listOf(user.id)]);
      return { isRequired, providerHost, items: rows.map(toConsent) };
    },

    /**
     * Records consent to `host`, which must be the provider's current host: the dialog named it, and a consent to a
     * host the server no longer uses would count for nothing.
     */
    async give(user: SessionUser, feature: AiConsentFeature, host: string | null): Promise<AiConsent> {
      if (host !== providerHost)
        throw new AppError('VALIDATION_FAILED', AI_MESSAGES.consentHostChanged, undefined, {
          feature,
          providerHost,
        } satisfies AiConsentRequiredDetails);
      return toConsent(await repository.give(user.id, feature, host, clock.now()));
    },

    withdraw: (user: SessionUser, feature: AiConsentFeature) => repository.withdraw(user.id, feature),

    /**
     * Whether the account is private, after refusing a private account's request without its consent to the
     * feature for the current host: called before anything is read, spent or sent.
     */
    async gate(user: SessionUser, feature: AiConsentFeature): Promise<boolean> {
      if (!(await isPrivate(user.id))) return false;
      const consent = await repository.find(user.id, feature);
      if (!consent || consent.providerHost !== providerHost) {
        const details: AiConsentRequiredDetails = { feature, providerHost };
        throw new AppError(
          'AI_CONSENT_REQUIRED',
          consent ? AI_MESSAGES.consentHostChanged : AI_MESSAGES.consentRequired,
          undefined,
          details,
        );
      }
      return true;
    },
  };
}

export type AiConsentsService = ReturnType<typeof createAiConsents>;
