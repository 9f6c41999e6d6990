import type Stripe from 'stripe';
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
}): PaymentsProvider & {
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>;
} {
  const base = options.apiBase;
  // The SDK on the first payments call rather than at start: a server without payments traffic does not hold it
  // (ADR 043, idle memory).
  let connecting: Promise<Stripe> | null = null;
  const connect = () => {
    connecting ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(options.secretKey, {
          maxNetworkRetries: 1,
          timeout: 20_000,
          ...(base
            ? {
                host: base.hostname,
                port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
                protocol: base.protocol === 'https:' ? 'https' : 'http',
              }
            : {}),
        }),
    );
    return connecting;
  };

  const wrap = async <T>(call: (stripe: Stripe) => Promise<T>): Promise<T> => {
    const stripe = await connect();
    try {
      return await call(stripe);
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
          await wrap((stripe) =>
            stripe.customers.create({ email: request.email, metadata: { userId: request.userId } }),
          )
        ).id;
      const session = await wrap((stripe) =>
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
      const session = await wrap((stripe) =>
        stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl }),
      );
      return { url: session.url };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const subscription = await wrap((stripe) =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
      return subscription as unknown as ProviderSubscription;
    },

    async cancelNow(subscriptionId) {
      await wrap((stripe) => stripe.subscriptions.cancel(subscriptionId));
    },

    async retrieveSubscription(subscriptionId) {
      const subscription = await wrap((stripe) => stripe.subscriptions.retrieve(subscriptionId));
      return subscription as unknown as ProviderSubscription;
    },

    /** Rejects unless `signature` is Stripe's signature of exactly these bytes with the webhook secret. */
    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new PaymentsProviderError('No Stripe-Signature header');
      const stripe = await connect();
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
