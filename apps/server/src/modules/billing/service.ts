import {
  BILLING_MESSAGES,
  BILLING_PAGES,
  type CreateCheckoutInput,
  type Currency,
  DEFAULT_CURRENCY,
  type LocalCheckoutPayInput,
  type LocalCheckoutSession,
  type SetSubscriptionIntentInput,
  type SubscriptionIntent,
  type SubscriptionState,
  type SubscriptionStatus,
  TEST_CARDS,
} from '@daybook/shared';
import type { z } from 'zod';
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
import { PaymentsProviderError } from '../../infra/payments/stripe.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyUser } from '../notifications/service.ts';
import { createLocalProvider, localId } from './local-provider.ts';
import {
  type BillingRepository,
  createBillingRepository,
  type PlanId,
  type SubscriptionRow,
} from './repository.ts';

/** Statuses in which a subscription still gives its plan (past_due: Stripe is retrying the card). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
const isLive = (status: string) => LIVE_STATUSES.has(status);

/** Ties between states of the same second (Stripe's `created` has second resolution) go to the later kind. */
const RANK = { created: 1, updated: 2, deleted: 3 } as const;

const PURCHASABLE_PLAN = 'Premium';
const LOCAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const DIGITS = {
  success: TEST_CARDS.success.replace(/\s/g, ''),
  declined: TEST_CARDS.declined.replace(/\s/g, ''),
};

type WebhookVerifier = (rawBody: Buffer, signature: string | undefined) => Promise<ProviderEvent>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What brought a subscription state: a provider event, or the provider's answer to a call of ours (no event). */
type Origin = { eventId: string | null; eventType: string };
const originOf = (event: ProviderEvent): Origin => ({ eventId: event.id, eventType: event.type });

/** How payments are taken: Stripe, the local test checkout, or not at all (production without Stripe keys). */
export type PaymentsSetup =
  | { kind: 'stripe'; provider: PaymentsProvider; verifyWebhook: WebhookVerifier }
  | { kind: 'local' }
  | { kind: 'none' };

/**
 * Plans and billing (ADR 026). Every subscription change, from Stripe's webhooks or from the local test
 * checkout, goes through `handleEvent`: recorded once by event id, applied only when not older than the stored
 * state, mapped to a plan through its price, announced as a notification and a live event.
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
  const verifyWebhook = payments.kind === 'stripe' ? payments.verifyWebhook : null;
  const provider: PaymentsProvider | null =
    payments.kind === 'stripe'
      ? payments.provider
      : payments.kind === 'local'
        ? createLocalProvider({ repository, clock, appUrl, dispatch: (event) => handleEvent(event) })
        : null;
  const successUrl = `${appUrl}${BILLING_PAGES.success}`;
  const cancelUrl = `${appUrl}${BILLING_PAGES.cancel}`;

  async function status(userId: string): Promise<SubscriptionStatus> {
    const row = await repository.subscriptionOf(userId);
    const currentPlan = (row?.planId ?? 'free') as PlanId;
    const currentPlanName = await repository.planName(currentPlan);
    let subscription: SubscriptionStatus['subscription'] = null;
    if (row?.stripeSubscriptionId) {
      const price = row.stripePriceId ? await repository.planOfPrice(row.stripePriceId) : null;
      subscription = {
        id: row.stripeSubscriptionId,
        status: row.status as SubscriptionState,
        planId: price?.planId ?? currentPlan,
        planName: price?.planName ?? currentPlanName,
        priceAmount: price?.amount ?? null,
        currency: (price?.currency ?? null) as Currency | null,
        interval: price?.interval ?? null,
        currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      };
    }
    return {
      subscribed: currentPlan !== 'free',
      subscription,
      currentPlan,
      currentPlanName,
      subscriptionEndDate: subscription ? (row?.currentPeriodEnd?.toISOString() ?? null) : null,
      cancelAtPeriodEnd: Boolean(subscription && row?.cancelAtPeriodEnd),
      intent: row?.subscriptionIntent ?? null,
      billingCycle: row?.billingCyclePreference ?? 'month',
      hasProviderSubscription: Boolean(row?.stripeSubscriptionId),
      provider: provider?.kind ?? 'stripe',
    };
  }

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

  function requireProvider(): PaymentsProvider {
    if (!provider) throw new AppError('PLAN_NOT_AVAILABLE', BILLING_MESSAGES.planNotAvailable);
    return provider;
  }

  async function liveSubscriptionOf(userId: string) {
    const row = await repository.subscriptionOf(userId);
    if (!row?.stripeSubscriptionId || !isLive(row.status)) return null;
    return row as SubscriptionRow & { stripeSubscriptionId: string };
  }

  async function setCancelAtPeriodEnd(userId: string, cancel: boolean, forDeletion = false) {
    const row = await liveSubscriptionOf(userId);
    if (!row) throw new AppError('NO_SUBSCRIPTION', BILLING_MESSAGES.noSubscription);
    const answer = await requireProvider()
      .setCancelAtPeriodEnd(row.stripeSubscriptionId, cancel)
      .catch((error: unknown) => {
        throw new AppError(
          'PAYMENT_PROVIDER_FAILED',
          error instanceof PaymentsProviderError ? BILLING_MESSAGES.subscriptionUpdateFailed : String(error),
        );
      });
    await applyAnswer(answer);
    await repository.updateSubscription(userId, { cancelledForDeletion: cancel && forDeletion });
  }

  /** The local test checkout (no Stripe keys, never in production): one of the user's sessions. */
  async function localSession(userId: string, sessionId: string): Promise<LocalCheckoutSession> {
    const session = await repository.localSessionOf(userId, sessionId);
    if (!session) throw new AppError('NOT_FOUND', BILLING_MESSAGES.checkoutSessionNotFound);
    const price = await repository.planOfPrice(session.stripePriceId);
    if (!price) throw new AppError('NOT_FOUND', BILLING_MESSAGES.checkoutSessionNotFound);
    const isExpired =
      session.status === 'open' && clock.now().getTime() - session.createdAt.getTime() > LOCAL_SESSION_TTL_MS;
    return {
      id: session.id,
      status: isExpired ? 'expired' : session.status,
      planId: price.planId,
      planName: price.planName,
      amount: price.amount,
      currency: price.currency as LocalCheckoutSession['currency'],
      interval: price.interval,
      cancelUrl,
      testCards: { success: TEST_CARDS.success, declined: TEST_CARDS.declined },
    };
  }

  return {
    status,
    handleEvent,

    /** 'stripe', 'local' or null (nothing is sold). */
    providerKind: provider?.kind ?? null,

    async setIntent(
      userId: string,
      input: z.output<typeof SetSubscriptionIntentInput>,
    ): Promise<SubscriptionIntent> {
      const row = await repository.setIntent(userId, input.intent, input.billingCycle);
      return { intent: row.subscriptionIntent, billingCycle: row.billingCyclePreference };
    },

    async checkout(userId: string, input: z.output<typeof CreateCheckoutInput>): Promise<{ url: string }> {
      const plan = await repository.subscriptionPlanByName(PURCHASABLE_PLAN);
      if (!plan) throw new AppError('PLAN_NOT_FOUND', BILLING_MESSAGES.planNotFound);
      if (!plan.isActive || !provider)
        throw new AppError('PLAN_NOT_AVAILABLE', BILLING_MESSAGES.planNotAvailable);
      const current = await liveSubscriptionOf(userId);
      if (current && current.planId !== 'free')
        throw new AppError('ALREADY_SUBSCRIBED', BILLING_MESSAGES.alreadySubscribed);
      const price =
        (await repository.activePrice(plan.id, input.currency ?? DEFAULT_CURRENCY, input.interval)) ??
        (await repository.activePrice(plan.id, DEFAULT_CURRENCY, input.interval));
      if (!price) throw new AppError('PLAN_NOT_AVAILABLE', BILLING_MESSAGES.planNotAvailable);
      const email = await repository.userEmail(userId);
      if (!email) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
      const row = await repository.subscriptionOf(userId);
      try {
        const { url } = await provider.createCheckout({
          userId,
          email,
          customerId: row?.stripeCustomerId ?? null,
          priceId: price.stripePriceId,
          successUrl,
          cancelUrl,
        });
        if (!url) throw new AppError('CHECKOUT_FAILED', BILLING_MESSAGES.checkoutSessionFailed);
        return { url };
      } catch (error) {
        if (error instanceof AppError) throw error;
        const message = error instanceof Error ? error.message : '';
        throw new AppError(
          'CHECKOUT_FAILED',
          message ? BILLING_MESSAGES.checkoutFailed(message) : BILLING_MESSAGES.checkoutSessionFailed,
        );
      }
    },

    async portal(userId: string): Promise<{ url: string }> {
      const row = await repository.subscriptionOf(userId);
      if (!row?.stripeCustomerId) throw new AppError('NO_SUBSCRIPTION', BILLING_MESSAGES.noSubscription);
      try {
        return await requireProvider().createPortal({
          customerId: row.stripeCustomerId,
          returnUrl: `${appUrl}${BILLING_PAGES.subscription}`,
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('PAYMENT_PROVIDER_FAILED', BILLING_MESSAGES.portalFailed);
      }
    },

    async cancel(userId: string): Promise<SubscriptionStatus> {
      await setCancelAtPeriodEnd(userId, true);
      return status(userId);
    },

    async resume(userId: string): Promise<SubscriptionStatus> {
      await setCancelAtPeriodEnd(userId, false);
      return status(userId);
    },

    /** Account deletion requested: the subscription stops renewing (it ends at the period end). */
    async onDeletionRequested(userId: string): Promise<void> {
      const row = await liveSubscriptionOf(userId);
      if (!row || row.cancelAtPeriodEnd) return;
      await setCancelAtPeriodEnd(userId, true, true);
    },

    /** Account deletion cancelled: the spec's requiresResubscribe / subscriptionRestored. */
    async onDeletionCancelled(
      userId: string,
    ): Promise<{ requiresResubscribe?: boolean; subscriptionRestored?: boolean }> {
      const row = await repository.subscriptionOf(userId);
      if (!row?.stripeSubscriptionId) return {};
      if (!isLive(row.status)) return { requiresResubscribe: true };
      if (row.cancelAtPeriodEnd && row.cancelledForDeletion) await setCancelAtPeriodEnd(userId, false);
      return { subscriptionRestored: true };
    },

    /**
     * The account purge: a subscription still billing is ended at once, before the account goes. Runs inside the
     * purge's transaction, so it is a call to Stripe only (no database work; the local provider has nothing to end).
     */
    async cancelForPurge(subscriptionId: string): Promise<void> {
      if (provider?.kind !== 'stripe') return;
      await provider.cancelNow(subscriptionId);
    },

    /** POST /api/billing/webhook: a bad signature changes nothing (400). */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!verifyWebhook) throw new AppError('NOT_FOUND', 'Not found');
      let event: ProviderEvent;
      try {
        event = await verifyWebhook(rawBody, signature);
      } catch {
        throw new AppError('WEBHOOK_INVALID', 'Invalid webhook signature');
      }
      await handleEvent(event);
    },

    localSession,

    async payLocal(
      userId: string,
      sessionId: string,
      input: z.output<typeof LocalCheckoutPayInput>,
    ): Promise<{ url: string }> {
      const session = await localSession(userId, sessionId);
      if (session.status !== 'open') throw new AppError('CONFLICT', BILLING_MESSAGES.checkoutSessionClosed);
      assertExpiryInFuture(input.expiry, clock.now());
      if (input.cardNumber === DIGITS.declined)
        throw new AppError('CARD_DECLINED', BILLING_MESSAGES.cardDeclined);
      if (input.cardNumber !== DIGITS.success) {
        throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.cardNumberInvalid, {
          cardNumber: BILLING_MESSAGES.cardNumberInvalid,
        });
      }
      const now = clock.now();
      if (!(await repository.completeLocalSession(sessionId, now)))
        throw new AppError('CONFLICT', BILLING_MESSAGES.checkoutSessionClosed);
      const row = await repository.subscriptionOf(userId);
      const customer = row?.stripeCustomerId ?? localId('cus');
      const periodEnd = new Date(now);
      if (session.interval === 'year') periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
      else periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
      const stored = await repository.localSessionOf(userId, sessionId);
      const subscription: ProviderSubscription = {
        id: localId('sub'),
        customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata: { userId },
        items: {
          data: [
            {
              price: { id: stored!.stripePriceId },
              current_period_end: Math.floor(periodEnd.getTime() / 1000),
            },
          ],
        },
      };
      const created = Math.floor(now.getTime() / 1000);
      // The same events Stripe would send, through the same handler as its webhooks.
      await handleEvent({
        id: localId('evt'),
        type: 'customer.subscription.created',
        created,
        data: { object: subscription },
      });
      await handleEvent({
        id: localId('evt'),
        type: 'checkout.session.completed',
        created,
        data: {
          object: {
            id: sessionId,
            mode: 'subscription',
            client_reference_id: userId,
            customer,
            subscription: subscription.id,
            metadata: { userId },
          } satisfies ProviderCheckoutSession,
        },
      });
      return { url: successUrl };
    },

    /** Test tools: puts a seeded test account on a plan (an operator's grant, no provider subscription). */
    async grantTestPlan(userId: string, planId: PlanId): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = createBillingRepository(tx);
        const row = await repo.lockSubscription(userId);
        if (row.planId === planId && !row.stripeSubscriptionId) return;
        await repo.updateSubscription(userId, {
          planId,
          status: planId === 'free' ? 'inactive' : 'active',
          stripeSubscriptionId: null,
          stripePriceId: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          providerStateAt: null,
          providerStateRank: 0,
        });
        await announce(tx, userId, row, planId, await repo.planName(planId), clock.now());
      });
    },
  };
}

function assertExpiryInFuture(expiry: string, now: Date) {
  const [monthText, yearText] = expiry.split('/').map((part) => part.trim());
  const month = Number(monthText);
  const year = yearText!.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  // A card is valid through the last day of its month.
  if (Date.UTC(year, month, 1) <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.expiryInvalid, {
      expiry: BILLING_MESSAGES.expiryInvalid,
    });
  }
}

export type BillingService = ReturnType<typeof createBillingService>;
