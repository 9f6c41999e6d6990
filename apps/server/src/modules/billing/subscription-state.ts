/*
 * A provider's subscription state applied to its owner (ADR 026): only when not older than the stored state, mapped
 * to a plan through its price, and announced as a notification and a live event. Apart from the events
 * (subscription-events.ts), which decide which state applies and when.
 */
import { BILLING_MESSAGES } from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import { queueLiveEvent } from '../../db/live-events.ts';
import { idOf, type ProviderSubscription } from '../../infra/payments/provider.ts';
import { notifyUser } from '../notifications/service.ts';
import type { EventOwners, Origin } from './event-owners.ts';
import { createBillingRepository, type PlanId, type SubscriptionRow } from './repository.ts';

/** Statuses in which a subscription still gives its plan (past_due: Stripe is retrying the card). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
export const isLive = (status: string) => LIVE_STATUSES.has(status);

/** Ties between states of the same second (Stripe's `created` has second resolution) go to the later kind. */
export const RANK = { created: 1, updated: 2, deleted: 3 } as const;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function createSubscriptionState({ ownerForEvent }: EventOwners) {
  async function announce(
    tx: Tx,
    userId: string,
    before: SubscriptionRow,
    planId: PlanId,
    planName: string,
    at: Date,
  ) {
    if (planId !== before.planId) {
      const wasPaid = before.planId !== 'free';
      await notifyUser(tx, {
        userId,
        type: 'account',
        title: BILLING_MESSAGES.planChangedTitle(planName),
        message:
          planId === 'free' && wasPaid
            ? 'Your subscription has ended. You can subscribe again from your profile at any time.'
            : `Thank you for subscribing. Everything in ${planName} is now unlocked.`,
        createdAt: at,
      });
    }
    await queueLiveEvent(tx, userId, { type: 'subscription' });
  }

  /** Applies a provider subscription state, for its owner, unless a newer one is stored (ADR 026). */
  async function applySubscription(
    tx: Tx,
    origin: Origin,
    subscription: ProviderSubscription,
    at: Date,
    rank: number,
  ): Promise<void> {
    const repo = createBillingRepository(tx);
    const userId = await ownerForEvent(
      repo,
      origin,
      { subscription: subscription.id, customer: idOf(subscription.customer) },
      subscription.metadata?.userId ?? null,
    );
    if (!userId) return;
    const row = await repo.lockSubscription(userId);
    const state = rank === RANK.deleted ? 'canceled' : subscription.status;
    if (row.stripeSubscriptionId && row.stripeSubscriptionId !== subscription.id) {
      // The end of an older subscription never overrides the one the user has now.
      if (!isLive(state)) return;
    } else if (row.stripeSubscriptionId === subscription.id) {
      const storedAt = row.providerStateAt?.getTime();
      if (storedAt !== undefined) {
        if (at.getTime() < storedAt || (at.getTime() === storedAt && rank < row.providerStateRank)) return;
      }
      // Stripe never revives a canceled subscription: a live state after it is an older one arriving late.
      if (row.status === 'canceled' && state !== 'canceled') return;
    }
    const item = subscription.items?.data?.[0];
    const priceId = item?.price?.id ?? null;
    const price = priceId ? await repo.planOfPrice(priceId) : null;
    const planId: PlanId = isLive(state) ? (price?.planId ?? 'free') : 'free';
    const periodEnd = item?.current_period_end ?? subscription.current_period_end ?? null;
    const cancelAtPeriodEnd = isLive(state) && subscription.cancel_at_period_end;
    await repo.updateSubscription(userId, {
      planId,
      status: state,
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: idOf(subscription.customer) ?? row.stripeCustomerId,
      stripePriceId: priceId,
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      cancelAtPeriodEnd,
      cancelledForDeletion: cancelAtPeriodEnd && row.cancelledForDeletion,
      providerStateAt: at,
      providerStateRank: rank,
      subscriptionIntent: planId === 'free' ? row.subscriptionIntent : null,
    });
    await announce(tx, userId, row, planId, await repo.planName(planId), at);
  }

  return { applySubscription, announce };
}
