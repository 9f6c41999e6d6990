import { BILLING_MESSAGES } from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import { queueLiveEvent } from '../../db/live-events.ts';
import {
  idOf,
  type PaymentsProvider,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../../infra/payments/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import { notifyUser } from '../notifications/service.ts';
import {
  type BillingRepository,
  createBillingRepository,
  type PlanId,
  type SubscriptionRow,
} from './repository.ts';

/*
 * Every subscription change, from Stripe's webhooks, from the local test checkout or from the provider's answer to a
 * call of ours, goes through here (ADR 026): recorded once by event id, applied only when not older than the stored
 * state, mapped to a plan through its price, announced as a notification and a live event.
 */

/** Statuses in which a subscription still gives its plan (past_due: Stripe is retrying the card). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
export const isLive = (status: string) => LIVE_STATUSES.has(status);

/** Ties between states of the same second (Stripe's `created` has second resolution) go to the later kind. */
const RANK = { created: 1, updated: 2, deleted: 3 } as const;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What brought a subscription state: a provider event, or the provider's answer to a call of ours (no event). */
type Origin = { eventId: string | null; eventType: string };
const originOf = (event: ProviderEvent): Origin => ({ eventId: event.id, eventType: event.type });

export function createSubscriptionEvents(deps: {
  db: Db;
  repository: BillingRepository;
  clock: Clock;
  /** The provider a checkout's subscription is fetched from; a getter, since the local provider dispatches here. */
  provider: () => PaymentsProvider | null;
  /** Where an event that is acknowledged but not applied (a conflicting owner) is reported. */
  log: { warn(details: object, message: string): void };
}) {
  const { db, repository, clock, log } = deps;

  /**
   * Whose an event's subscription is (ADR 060). What we stored wins: the owner of the subscription id, else of the
   * customer. The user an event names (`metadata.userId`, a checkout's `client_reference_id`), which anyone able to
   * edit the object in Stripe could set, counts only when nothing is stored yet: the first events of a first
   * checkout. An event naming someone other than the stored owner is a conflict, and changes nothing.
   */
  async function ownerOf(
    repo: BillingRepository,
    ids: { subscription: string | null; customer: string | null },
    namedUserId: string | null,
  ): Promise<{ userId: string } | { userId: null; storedUserId?: string }> {
    const stored =
      (ids.subscription ? await repo.userOfSubscription(ids.subscription) : null) ??
      (ids.customer ? await repo.userOfCustomer(ids.customer) : null);
    if (stored) {
      if (namedUserId && namedUserId !== stored) return { userId: null, storedUserId: stored };
      return { userId: stored };
    }
    return namedUserId && (await repo.userExists(namedUserId)) ? { userId: namedUserId } : { userId: null };
  }

  /**
   * The owner an event may change, or null. A conflict is acknowledged (Stripe would otherwise retry it for days)
   * and left for a person to look at: a warning with the ids, never applied to either account.
   */
  async function ownerForEvent(
    repo: BillingRepository,
    origin: Origin,
    ids: { subscription: string | null; customer: string | null },
    namedUserId: string | null,
  ): Promise<string | null> {
    const owner = await ownerOf(repo, ids, namedUserId);
    if (owner.userId === null && owner.storedUserId) {
      log.warn(
        {
          ...origin,
          subscriptionId: ids.subscription,
          customerId: ids.customer,
          storedUserId: owner.storedUserId,
          namedUserId,
        },
        'billing event names another user than the stored owner of its subscription; acknowledged, not applied',
      );
    }
    return owner.userId;
  }

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

  async function checkoutCompleted(
    tx: Tx,
    origin: Origin,
    session: ProviderCheckoutSession,
    fetched: ProviderSubscription | null,
    at: Date,
  ) {
    const repo = createBillingRepository(tx);
    const subscriptionId = idOf(session.subscription);
    const userId = await ownerForEvent(
      repo,
      origin,
      { subscription: subscriptionId, customer: idOf(session.customer) },
      session.client_reference_id ?? session.metadata?.userId ?? null,
    );
    if (!userId) return;
    const row = await repo.lockSubscription(userId);
    await repo.updateSubscription(userId, {
      stripeCustomerId: idOf(session.customer) ?? row.stripeCustomerId,
      subscriptionIntent: null,
      ...(subscriptionId && !row.stripeSubscriptionId ? { stripeSubscriptionId: subscriptionId } : {}),
    });
    if (fetched) await applySubscription(tx, origin, fetched, at, RANK.created);
    else await queueLiveEvent(tx, userId, { type: 'subscription' });
  }

  async function paymentFailed(tx: Tx, invoice: ProviderInvoice, at: Date) {
    const repo = createBillingRepository(tx);
    const subscriptionId =
      idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
    if (!subscriptionId) return;
    const userId = await repo.userOfSubscription(subscriptionId);
    if (!userId) return;
    const row = await repo.lockSubscription(userId);
    if (row.status === 'canceled') return;
    if (row.providerStateAt && at.getTime() < row.providerStateAt.getTime()) return;
    // Stripe retries the card; the plan stays until the subscription is deleted (or paid again).
    await repo.updateSubscription(userId, {
      status: 'past_due',
      providerStateAt: at,
      providerStateRank: RANK.updated,
    });
    await notifyUser(tx, {
      userId,
      type: 'account',
      title: 'Payment failed',
      message: 'We could not take your subscription payment. Please update your card under Manage billing.',
      createdAt: at,
    });
    await queueLiveEvent(tx, userId, { type: 'subscription' });
  }

  /** The one path of every subscription change: idempotent on the event id, in one transaction. */
  async function handleEvent(event: ProviderEvent): Promise<void> {
    let fetched: ProviderSubscription | null = null;
    if (event.type === 'checkout.session.completed' && !(await repository.eventSeen(event.id))) {
      const subscriptionId = idOf((event.data.object as ProviderCheckoutSession).subscription);
      // The session names its subscription only; its state (and so the plan) comes from the provider.
      const provider = deps.provider();
      if (subscriptionId && provider) fetched = await provider.retrieveSubscription(subscriptionId);
    }
    const at = new Date(event.created * 1000);
    const origin = originOf(event);
    await db.transaction(async (tx) => {
      if (!(await createBillingRepository(tx).recordEvent(event.id, event.type))) return;
      switch (event.type) {
        case 'checkout.session.completed':
          return checkoutCompleted(tx, origin, event.data.object as ProviderCheckoutSession, fetched, at);
        case 'customer.subscription.created':
          return applySubscription(tx, origin, event.data.object as ProviderSubscription, at, RANK.created);
        case 'customer.subscription.updated':
          return applySubscription(tx, origin, event.data.object as ProviderSubscription, at, RANK.updated);
        case 'customer.subscription.deleted':
          return applySubscription(tx, origin, event.data.object as ProviderSubscription, at, RANK.deleted);
        case 'invoice.payment_failed':
          return paymentFailed(tx, event.data.object as ProviderInvoice, at);
        default:
          return;
      }
    });
  }

  /** A state the provider answered a call of ours with, applied now (the webhook that follows changes nothing). */
  async function applyAnswer(subscription: ProviderSubscription | null) {
    if (!subscription) return;
    await db.transaction((tx) =>
      applySubscription(
        tx,
        { eventId: null, eventType: 'answer to our call' },
        subscription,
        clock.now(),
        RANK.updated,
      ),
    );
  }

  return { handleEvent, applyAnswer, announce };
}

export type SubscriptionEvents = ReturnType<typeof createSubscriptionEvents>;
