import {
  BILLING_MESSAGES,
  BILLING_PAGES,
  type LocalCheckoutPayInput,
  type LocalCheckoutSession,
  TEST_CARDS,
} from '@daybook/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ProviderCheckoutSession, ProviderSubscription } from '../../infra/payments/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { localId } from './local-provider.ts';
import { type BillingRepository, createBillingRepository, type PlanId } from './repository.ts';
import type { SubscriptionEvents } from './subscription-events.ts';

/*
 * The local test checkout and test plans (no Stripe keys; never in production, ADR 026): a checkout page that takes
 * the spec's test cards and sends the events Stripe would, through the same handler as its webhooks.
 */

const LOCAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const DIGITS = {
  success: TEST_CARDS.success.replace(/\s/g, ''),
  declined: TEST_CARDS.declined.replace(/\s/g, ''),
};

export function createLocalCheckout(deps: {
  db: Db;
  repository: BillingRepository;
  events: SubscriptionEvents;
  clock: Clock;
  appUrl: string;
}) {
  const { db, repository, events, clock, appUrl } = deps;
  const successUrl = `${appUrl}${BILLING_PAGES.success}`;
  const cancelUrl = `${appUrl}${BILLING_PAGES.cancel}`;

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
      await events.handleEvent({
        id: localId('evt'),
        type: 'customer.subscription.created',
        created,
        data: { object: subscription },
      });
      await events.handleEvent({
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
        await events.announce(tx, userId, row, planId, await repo.planName(planId), clock.now());
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
