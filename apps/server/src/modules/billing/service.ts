import type { Db } from '../../db/client.ts';
import type { PaymentsProvider, ProviderEvent } from '../../infra/payments/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import { createLocalCheckout } from './local-checkout.ts';
import { createLocalProvider } from './local-provider.ts';
import type { BillingRepository } from './repository.ts';
import { createSubscriptionEvents } from './subscription-events.ts';
import { createSubscriptions } from './subscriptions.ts';

/** How payments are taken: Stripe, the local test checkout, or not at all (production without Stripe keys). */
export type PaymentsSetup =
  | {
      kind: 'stripe';
      provider: PaymentsProvider;
      verifyWebhook: (rawBody: Buffer, signature: string | undefined) => Promise<ProviderEvent>;
    }
  | { kind: 'local' }
  | { kind: 'none' };

/**
 * Plans and billing (ADR 026), one part per audience (ADR 100): the person's subscription
 * (subscriptions.ts), the events every change goes through (subscription-events.ts), and the local test checkout
 * (local-checkout.ts). Routes see one service, as before.
 */
export function createBillingService(deps: {
  db: Db;
  repository: BillingRepository;
  payments: PaymentsSetup;
  clock: Clock;
  appUrl: string;
  /** Where an event that is acknowledged but not applied (a conflicting owner) is reported. */
  log: { warn(details: object, message: string): void };
}) {
  const { db, repository, clock, appUrl, payments, log } = deps;
  let provider: PaymentsProvider | null = null;
  const events = createSubscriptionEvents({ db, repository, clock, log, provider: () => provider });
  provider =
    payments.kind === 'stripe'
      ? payments.provider
      : payments.kind === 'local'
        ? createLocalProvider({ repository, clock, appUrl, dispatch: (event) => events.handleEvent(event) })
        : null;
  return {
    handleEvent: events.handleEvent,
    ...createSubscriptions({
      repository,
      provider,
      events,
      verifyWebhook: payments.kind === 'stripe' ? payments.verifyWebhook : null,
      appUrl,
    }),
    ...createLocalCheckout({ db, repository, events, clock, appUrl }),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
