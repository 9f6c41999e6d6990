import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const TEST_WEBHOOK_SECRET = 'whsec_test_daybook_webhook_secret';
export const TEST_SECRET_KEY = 'sk_test_daybook_fake';

type Params = Record<string, string>;
export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Array<{ id: string; price: { id: string }; current_period_end: number }> };
};

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

async function formOf(request: IncomingMessage): Promise<Params> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A local HTTP server that speaks the part of Stripe's API the app calls (customers, Checkout Sessions, billing
 * portal sessions, subscriptions retrieve/update/cancel), keeps the subscriptions it is told about, and builds
 * webhook events signed with the test secret the way Stripe signs them.
 */
export async function startFakeStripe() {
  const subscriptions = new Map<string, FakeSubscription>();
  const calls: Array<{ method: string; path: string; params: Params }> = [];
  let failNext: string | null = null;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const params = request.method === 'GET' ? Object.fromEntries(url.searchParams) : await formOf(request);
    calls.push({ method: request.method ?? 'GET', path: url.pathname, params });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (failNext) {
      const message = failNext;
      failNext = null;
      return send(400, { error: { type: 'invalid_request_error', message } });
    }
    const subscriptionMatch = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      return send(200, { id: id('cus'), object: 'customer', email: params.email ?? null, metadata: {} });
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      return send(200, {
        id: sessionId,
        object: 'checkout.session',
        mode: params.mode,
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      });
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      return send(200, {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${id('test')}`,
      });
    }
    if (subscriptionMatch) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
      if (!subscription) {
        return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      }
      if (request.method === 'POST' && params.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      }
      if (request.method === 'DELETE') subscription.status = 'canceled';
      return send(200, subscription);
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe(TEST_SECRET_KEY);

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    subscriptions,
    /** The next API call answers with this Stripe error. */
    failNextWith(message: string) {
      failNext = message;
    },

    /** A subscription as Stripe keeps it (what `subscriptions.retrieve` answers). */
    addSubscription(values: {
      userId: string;
      priceId: string;
      customer?: string;
      status?: string;
      periodEnd?: number;
    }): FakeSubscription {
      const subscription: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: values.customer ?? id('cus'),
        status: values.status ?? 'active',
        cancel_at_period_end: false,
        metadata: { userId: values.userId },
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              price: { id: values.priceId },
              current_period_end: values.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86_400,
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },

    /** A webhook event (`created` in seconds) with its body and a Stripe-Signature made with `secret`. */
    event(
      type: string,
      object: unknown,
      created = Math.floor(Date.now() / 1000),
      secret = TEST_WEBHOOK_SECRET,
    ) {
      const event = {
        id: id('evt'),
        object: 'event',
        api_version: '2025-10-29.clover',
        created,
        type,
        livemode: false,
        pending_webhooks: 1,
        data: { object: structuredClone(object) },
      };
      return { event, ...signed(JSON.stringify(event), secret) };
    },

    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function signed(payload: string, secret: string) {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } };
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
