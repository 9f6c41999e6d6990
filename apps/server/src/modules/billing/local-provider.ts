import { randomBytes } from 'node:crypto';
import { localCheckoutPath } from '@daybook/shared';
import type {
  CheckoutRequest,
  PaymentsProvider,
  ProviderEvent,
  ProviderSubscription,
} from '../../infra/payments/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BillingRepository } from './repository.ts';

export const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/**
 * The embedded default without Stripe keys (never in production, config.ts): a checkout page of our own that takes
 * no money. It keeps no subscriptions of its own: every change it makes is a Stripe-shaped event handed to the
 * billing service's event handler, the same one Stripe's webhooks reach.
 */
export function createLocalProvider(deps: {
  repository: BillingRepository;
  clock: Clock;
  appUrl: string;
  dispatch: (event: ProviderEvent) => Promise<void>;
}): PaymentsProvider {
  const { repository, clock, appUrl, dispatch } = deps;

  /** The stored subscription as Stripe would describe it, with `changes` applied. */
  async function describe(subscriptionId: string): Promise<ProviderSubscription | null> {
    const userId = await repository.userOfSubscription(subscriptionId);
    const row = userId ? await repository.subscriptionOf(userId) : null;
    if (!row?.stripePriceId) return null;
    return {
      id: subscriptionId,
      customer: row.stripeCustomerId,
      status: row.status,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      metadata: { userId: row.userId },
      items: {
        data: [
          {
            price: { id: row.stripePriceId },
            current_period_end: row.currentPeriodEnd
              ? Math.floor(row.currentPeriodEnd.getTime() / 1000)
              : null,
          },
        ],
      },
    };
  }

  const event = (type: string, object: unknown): ProviderEvent => ({
    id: localId('evt'),
    type,
    created: Math.floor(clock.now().getTime() / 1000),
    data: { object },
  });

  return {
    kind: 'local',

    async createCheckout(request: CheckoutRequest) {
      const id = localId('cs');
      await repository.createLocalSession({
        id,
        userId: request.userId,
        stripePriceId: request.priceId,
        createdAt: clock.now(),
      });
      return { url: `${appUrl}${localCheckoutPath(id)}` };
    },

    /** No hosted portal: the profile's own subscription section does what the portal would. */
    async createPortal(request) {
      return { url: request.returnUrl };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const current = await describe(subscriptionId);
      if (!current) throw new Error('No such subscription');
      await dispatch(event('customer.subscription.updated', { ...current, cancel_at_period_end: cancel }));
      return null;
    },

    async cancelNow(subscriptionId) {
      const current = await describe(subscriptionId);
      if (!current) return;
      await dispatch(event('customer.subscription.deleted', { ...current, status: 'canceled' }));
    },

    async retrieveSubscription() {
      // The events the local checkout sends carry the whole state already.
      return null;
    },
  };
}
