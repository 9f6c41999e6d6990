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
import { createEventOwners, type Origin, originOf } from './event-owners.ts';
import { type BillingRepository, createBillingRepository } from './repository.ts';
import { createSubscriptionState, RANK, type Tx } from './subscription-state.ts';

export { isLive, type Tx } from './subscription-state.ts';

/*
 * Every subscription change, from Stripe's webhooks, from the local test checkout or from the provider's answer to a
 * call of ours, goes through here (ADR 026): recorded once by event id, applied only when not older than the stored
 * state, mapped to a plan through its price, announced as a notification and a live event.
 * Whose subscription an event changes is event-owners.ts's answer; applying a state is subscription-state.ts's.
 */

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

  const { ownerForEvent } = createEventOwners(log);
  const { applySubscription, announce } = createSubscriptionState({ ownerForEvent });

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
