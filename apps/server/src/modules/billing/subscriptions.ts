import {
  BILLING_MESSAGES,
  BILLING_PAGES,
  type CreateCheckoutInput,
  type Currency,
  DEFAULT_CURRENCY,
  type SetSubscriptionIntentInput,
  type SubscriptionIntent,
  type SubscriptionState,
  type SubscriptionStatus,
} from '@daybook/shared';
import type { z } from 'zod';
import type { PaymentsProvider, ProviderEvent } from '../../infra/payments/provider.ts';
import { PaymentsProviderError } from '../../infra/payments/stripe.ts';
import { AppError } from '../../lib/errors.ts';
import type { BillingRepository, PlanId, SubscriptionRow } from './repository.ts';
import { isLive, type SubscriptionEvents } from './subscription-events.ts';

/*
 * A person's subscription as they manage it: its status, the checkout, Stripe's portal, cancel and resume, what
 * an account deletion does to it, and the webhook's door into the events (subscription-events.ts).
 */

const PURCHASABLE_PLAN = 'Premium';

type WebhookVerifier = (rawBody: Buffer, signature: string | undefined) => Promise<ProviderEvent>;

export function createSubscriptions(deps: {
  repository: BillingRepository;
  provider: PaymentsProvider | null;
  events: SubscriptionEvents;
  verifyWebhook: WebhookVerifier | null;
  appUrl: string;
}) {
  const { repository, provider, events, verifyWebhook, appUrl } = deps;
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
    await events.applyAnswer(answer);
    await repository.updateSubscription(userId, { cancelledForDeletion: cancel && forDeletion });
  }

  return {
    status,

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
      await events.handleEvent(event);
    },
  };
}
