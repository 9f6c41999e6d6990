import Stripe from 'stripe';
import type { PaymentsProvider, ProviderEvent, ProviderSubscription } from './provider.ts';

export class PaymentsProviderError extends Error {
  override name = 'PaymentsProviderError';
}

/**
 * The Stripe provider: Checkout Sessions in subscription mode, Customer Portal sessions, subscription updates.
 * `apiBase` points the SDK at another host (tests run a local server that speaks Stripe's API).
 */
export function createStripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  apiBase?: URL;
}): PaymentsProvider & { verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent } {
  const base = options.apiBase;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  const wrap = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new PaymentsProviderError(message);
    }
  };

  return {
    kind: 'stripe',

    async createCheckout(request) {
      const customer =
        request.customerId ??
        (
          await wrap(() =>
            stripe.customers.create({ email: request.email, metadata: { userId: request.userId } }),
          )
        ).id;
      const session = await wrap(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: request.userId,
          line_items: [{ price: request.priceId, quantity: 1 }],
          metadata: { userId: request.userId },
          subscription_data: { metadata: { userId: request.userId } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        }),
      );
      if (!session.url) throw new PaymentsProviderError('Stripe returned no checkout URL');
      return { url: session.url };
    },

    async createPortal(request) {
      const session = await wrap(() =>
        stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl }),
      );
      return { url: session.url };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const subscription = await wrap(() =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
      return subscription as unknown as ProviderSubscription;
    },

    async cancelNow(subscriptionId) {
      await wrap(() => stripe.subscriptions.cancel(subscriptionId));
    },

    async retrieveSubscription(subscriptionId) {
      const subscription = await wrap(() => stripe.subscriptions.retrieve(subscriptionId));
      return subscription as unknown as ProviderSubscription;
    },

    /** Throws unless `signature` is Stripe's signature of exactly these bytes with the webhook secret. */
    verifyWebhook(rawBody, signature) {
      if (!signature) throw new PaymentsProviderError('No Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
        ) as unknown as ProviderEvent;
      } catch (error) {
        throw new PaymentsProviderError(error instanceof Error ? error.message : 'Invalid signature');
      }
    },
  };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
