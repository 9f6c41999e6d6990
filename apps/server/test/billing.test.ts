import { BILLING_MESSAGES, type SubscriptionStatus } from '@daybook/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { notifications, stripeEvents, subscriptions } from '../src/db/schema/index.ts';
import { jobOf, type TestContext, useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser, sessionCookie } from './support/factories.ts';
import {
  type FakeStripe,
  startFakeStripe,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from './support/stripe-server.ts';

const PRICE = 'price_premium_gbp_month';

function api(
  ctx: TestContext,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: clientAddress(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function statusOf(ctx: TestContext, cookie: string): Promise<SubscriptionStatus> {
  const response = await api(ctx, cookie, 'GET', '/api/billing/subscription');
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function featuresOf(ctx: TestContext, cookie: string) {
  return (await api(ctx, cookie, 'GET', '/api/me/plan-features')).json() as { can_share_entries: boolean };
}

async function planNotices(ctx: TestContext, userId: string) {
  const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.filter((row) => row.type === 'account');
}

async function eventCount(ctx: TestContext) {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents);
  return row!.n;
}

describe('billing with Stripe (a local server speaking its API)', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await stripe?.close();
  });
  /** The app's warnings, for the events it acknowledges without applying. */
  const warnings: string[] = [];
  const ctx = useTestApp(
    () => ({
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      LOG_LEVEL: 'warn',
    }),
    { logStream: { write: (line: string) => warnings.push(line) } },
  );

  const deliver = (signed: { payload: string; headers: Record<string, string> }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: signed.payload,
      headers: signed.headers,
      remoteAddress: clientAddress(),
    });

  it('creates a Checkout Session in subscription mode with the price of the currency, GBP when it has none', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const response = await api(ctx, cookie, 'POST', '/api/billing/checkout', {
      interval: 'year',
      currency: 'usd',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.calls.filter((call) => call.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      'line_items[0][price]': 'price_premium_usd_year',
      'metadata[userId]': user.id,
      'subscription_data[metadata][userId]': user.id,
      success_url: `${ctx.config.appUrl}/dashboard?success=true`,
      cancel_url: `${ctx.config.appUrl}/dashboard`,
    });

    await ctx.database.db.execute(
      sql`update stripe_prices set is_active = false where stripe_price_id = 'price_premium_eur_month'`,
    );
    await api(ctx, cookie, 'POST', '/api/billing/checkout', { interval: 'month', currency: 'EUR' });
    const fallback = stripe.calls.filter((call) => call.path === '/v1/checkout/sessions').at(-1)!;
    expect(fallback.params['line_items[0][price]']).toBe(PRICE);
  });

  it("answers a Stripe failure with the spec's 'Checkout failed: {message}'", async () => {
    const { cookie } = await createSignedInUser(ctx);
    stripe.failNextWith('No such price');
    const response = await api(ctx, cookie, 'POST', '/api/billing/checkout', { interval: 'month' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(BILLING_MESSAGES.checkoutFailed('No such price'));
  });

  it('applies a checkout.session.completed delivered five times once', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await api(ctx, cookie, 'PUT', '/api/billing/intent', { intent: 'premium', billingCycle: 'month' });
    expect((await statusOf(ctx, cookie)).intent).toBe('premium');
    const subscription = stripe.addSubscription({ userId: user.id, priceId: PRICE });
    const completed = stripe.event('checkout.session.completed', {
      id: 'cs_test_replayed',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: user.id,
      customer: subscription.customer,
      subscription: subscription.id,
      metadata: { userId: user.id },
    });
    const before = await eventCount(ctx);
    for (let i = 0; i < 5; i++) expect((await deliver(completed)).statusCode).toBe(200);

    expect(await eventCount(ctx)).toBe(before + 1);
    const status = await statusOf(ctx, cookie);
    expect(status).toMatchObject({
      subscribed: true,
      currentPlan: 'premium',
      intent: null,
      hasProviderSubscription: true,
      cancelAtPeriodEnd: false,
      provider: 'stripe',
    });
    expect(status.subscription).toMatchObject({
      id: subscription.id,
      status: 'active',
      priceAmount: 299,
      currency: 'GBP',
    });
    expect((await planNotices(ctx, user.id)).map((n) => n.title)).toEqual([
      BILLING_MESSAGES.planChangedTitle('Premium'),
    ]);
    expect((await featuresOf(ctx, cookie)).can_share_entries).toBe(true);
  });

  it('ends on the latest state when `updated` arrives before `created`', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const subscription = stripe.addSubscription({ userId: user.id, priceId: PRICE });
    const t = Math.floor(Date.now() / 1000);
    const created = stripe.event(
      'customer.subscription.created',
      { ...subscription, status: 'incomplete' },
      t,
    );
    const updated = stripe.event(
      'customer.subscription.updated',
      { ...subscription, status: 'active', cancel_at_period_end: true },
      t + 5,
    );
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await deliver(created)).statusCode).toBe(200);
    const status = await statusOf(ctx, cookie);
    expect(status.currentPlan).toBe('premium');
    expect(status.subscription?.status).toBe('active');
    expect(status.cancelAtPeriodEnd).toBe(true);

    // And in the same second, `updated` still outranks `created`.
    const other = await createSignedInUser(ctx);
    const second = stripe.addSubscription({ userId: other.user.id, priceId: PRICE });
    await deliver(stripe.event('customer.subscription.updated', { ...second, status: 'active' }, t));
    await deliver(stripe.event('customer.subscription.created', { ...second, status: 'incomplete' }, t));
    expect((await statusOf(ctx, other.cookie)).currentPlan).toBe('premium');
  });

  it("applies a subscription's events to its stored owner; one naming another user is acknowledged and changes nothing", async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    await api(ctx, other.cookie, 'PUT', '/api/billing/intent', { intent: 'premium', billingCycle: 'month' });
    const subscription = stripe.addSubscription({ userId: owner.user.id, priceId: PRICE });
    const t = Math.floor(Date.now() / 1000);
    expect((await deliver(stripe.event('customer.subscription.created', subscription, t))).statusCode).toBe(
      200,
    );
    expect((await statusOf(ctx, owner.cookie)).currentPlan).toBe('premium');
    const ownerBefore = await statusOf(ctx, owner.cookie);
    const otherBefore = await statusOf(ctx, other.cookie);
    const ownerNotices = (await planNotices(ctx, owner.user.id)).length;
    warnings.length = 0;

    // Someone edited the subscription's metadata in Stripe to name another account: its updates, its end and a
    // checkout naming that account all belong to the stored owner still, so none is applied to anyone.
    const claimed = { ...subscription, metadata: { userId: other.user.id } };
    const conflicting = [
      stripe.event('customer.subscription.updated', { ...claimed, cancel_at_period_end: true }, t + 1),
      stripe.event('customer.subscription.deleted', { ...claimed, status: 'canceled' }, t + 2),
      stripe.event(
        'checkout.session.completed',
        {
          id: 'cs_test_conflicting',
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: other.user.id,
          customer: subscription.customer,
          subscription: subscription.id,
          metadata: { userId: other.user.id },
        },
        t + 3,
      ),
    ];
    for (const event of conflicting) {
      const answer = await deliver(event);
      // Acknowledged: Stripe retries anything else for days.
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ received: true });
      // A redelivery is the same event, recorded once.
      expect((await deliver(event)).statusCode).toBe(200);
    }
    expect(await statusOf(ctx, owner.cookie)).toEqual(ownerBefore);
    expect(await statusOf(ctx, other.cookie)).toEqual(otherBefore);
    expect(otherBefore).toMatchObject({
      currentPlan: 'free',
      intent: 'premium',
      hasProviderSubscription: false,
    });
    expect(await planNotices(ctx, other.user.id)).toEqual([]);
    expect(await planNotices(ctx, owner.user.id)).toHaveLength(ownerNotices);
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscription.id));
    expect(row!.userId).toBe(owner.user.id);

    // Each conflict is a warning naming the event and both accounts, written once (the redelivery is a no-op).
    const logged = warnings.map((line) => JSON.parse(line) as Record<string, unknown>);
    const conflicts = logged.filter((line) =>
      String(line.msg).includes('another user than the stored owner'),
    );
    expect(conflicts.map((line) => line.eventType)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'checkout.session.completed',
    ]);
    expect(conflicts[0]).toMatchObject({
      level: 40,
      subscriptionId: subscription.id,
      storedUserId: owner.user.id,
      namedUserId: other.user.id,
    });
    expect(logged.filter((line) => Number(line.level) >= 50)).toEqual([]);

    // The stored owner's own events still apply, with the metadata or without it.
    const { metadata: _metadata, ...withoutMetadata } = subscription;
    await deliver(
      stripe.event(
        'customer.subscription.updated',
        { ...withoutMetadata, cancel_at_period_end: true },
        t + 4,
      ),
    );
    expect((await statusOf(ctx, owner.cookie)).cancelAtPeriodEnd).toBe(true);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const subscription = stripe.addSubscription({ userId: user.id, priceId: PRICE });
    const before = await eventCount(ctx);
    const forged = stripe.event(
      'customer.subscription.created',
      subscription,
      undefined,
      'whsec_someone_else',
    );
    expect((await deliver(forged)).statusCode).toBe(400);
    const genuine = stripe.event('customer.subscription.created', subscription);
    const tampered = { payload: genuine.payload.replace('"active"', '"trialing"'), headers: genuine.headers };
    expect((await deliver(tampered)).statusCode).toBe(400);
    const unsigned = { payload: genuine.payload, headers: { 'content-type': 'application/json' } };
    expect((await deliver(unsigned)).statusCode).toBe(400);

    expect(await eventCount(ctx)).toBe(before);
    expect((await statusOf(ctx, cookie)).currentPlan).toBe('free');
    expect(await planNotices(ctx, user.id)).toEqual([]);
    // The genuine delivery still works afterwards.
    expect((await deliver(genuine)).statusCode).toBe(200);
    expect((await statusOf(ctx, cookie)).currentPlan).toBe('premium');
  });

  it('keeps the plan with status past_due after invoice.payment_failed, until the subscription is deleted', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const subscription = stripe.addSubscription({ userId: user.id, priceId: PRICE });
    const t = Math.floor(Date.now() / 1000);
    await deliver(stripe.event('customer.subscription.created', subscription, t));
    const failed = stripe.event(
      'invoice.payment_failed',
      {
        id: 'in_test_failed',
        object: 'invoice',
        customer: subscription.customer,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      },
      t + 1,
    );
    expect((await deliver(failed)).statusCode).toBe(200);
    const status = await statusOf(ctx, cookie);
    expect(status).toMatchObject({ subscribed: true, currentPlan: 'premium' });
    expect(status.subscription?.status).toBe('past_due');
    expect((await planNotices(ctx, user.id)).map((n) => n.title)).toContain('Payment failed');

    await deliver(
      stripe.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, t + 2),
    );
    expect((await statusOf(ctx, cookie)).currentPlan).toBe('free');
  });

  it('opens the portal; a cancellation there is cancel at period end, then Free after `deleted`', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const subscription = stripe.addSubscription({ userId: user.id, priceId: PRICE });
    const t = Math.floor(Date.now() / 1000);
    await deliver(stripe.event('customer.subscription.created', subscription, t));

    const portal = await api(ctx, cookie, 'POST', '/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.calls.at(-1)!.params).toMatchObject({
      customer: subscription.customer,
      return_url: `${ctx.config.appUrl}/profile#subscription`,
    });

    await deliver(
      stripe.event('customer.subscription.updated', { ...subscription, cancel_at_period_end: true }, t + 1),
    );
    const cancelling = await statusOf(ctx, cookie);
    expect(cancelling).toMatchObject({ currentPlan: 'premium', cancelAtPeriodEnd: true });
    expect(cancelling.subscriptionEndDate).toBe(
      new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
    );

    await deliver(
      stripe.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, t + 2),
    );
    const ended = await statusOf(ctx, cookie);
    expect(ended).toMatchObject({ subscribed: false, currentPlan: 'free', cancelAtPeriodEnd: false });
    expect((await featuresOf(ctx, cookie)).can_share_entries).toBe(false);
    // A late `updated` from before the deletion does not bring Premium back.
    await deliver(stripe.event('customer.subscription.updated', subscription, t + 1));
    expect((await statusOf(ctx, cookie)).currentPlan).toBe('free');
  });

  it('cancels at period end and resumes through Stripe; another user has nothing to cancel', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const subscription = stripe.addSubscription({ userId: user.id, priceId: PRICE });
    await deliver(
      stripe.event('customer.subscription.created', subscription, Math.floor(Date.now() / 1000) - 60),
    );

    const cancelled = await api(ctx, cookie, 'POST', '/api/billing/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().cancelAtPeriodEnd).toBe(true);
    expect(stripe.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscription.id}`,
      params: { cancel_at_period_end: 'true' },
    });
    const resumed = await api(ctx, cookie, 'POST', '/api/billing/resume');
    expect(resumed.json().cancelAtPeriodEnd).toBe(false);

    const stranger = await createSignedInUser(ctx);
    const refused = await api(ctx, stranger.cookie, 'POST', '/api/billing/cancel');
    expect(refused.statusCode).toBe(404);
    expect((await statusOf(ctx, cookie)).cancelAtPeriodEnd).toBe(false);
  });

  it('deletion sets cancel at period end; cancelling the deletion restores it, or asks to resubscribe', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const subscription = stripe.addSubscription({ userId: user.id, priceId: PRICE });
    const t = Math.floor(Date.now() / 1000) - 60;
    await deliver(stripe.event('customer.subscription.created', subscription, t));

    expect((await api(ctx, cookie, 'POST', '/api/me/deletion', { reason: 'testing' })).statusCode).toBe(200);
    expect((await statusOf(ctx, cookie)).cancelAtPeriodEnd).toBe(true);
    const restored = await api(ctx, cookie, 'DELETE', '/api/me/deletion');
    expect(restored.json()).toMatchObject({ subscriptionRestored: true });
    expect((await statusOf(ctx, cookie)).cancelAtPeriodEnd).toBe(false);

    await api(ctx, cookie, 'POST', '/api/me/deletion', {});
    await deliver(
      stripe.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, t + 120),
    );
    const ended = await api(ctx, cookie, 'DELETE', '/api/me/deletion');
    expect(ended.json()).toMatchObject({ requiresResubscribe: true });
    expect(ended.json().subscriptionRestored).toBeUndefined();
  });

  it('the account purge cancels the Stripe subscription before the account goes', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const subscription = stripe.addSubscription({ userId: user.id, priceId: PRICE });
    await deliver(
      stripe.event('customer.subscription.created', subscription, Math.floor(Date.now() / 1000) - 60),
    );
    expect((await api(ctx, cookie, 'POST', '/api/me/deletion', {})).statusCode).toBe(200);
    ctx.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      await jobOf(ctx, 'purge-deleted-accounts').run();
    } finally {
      ctx.clock.set(new Date());
    }
    expect(
      stripe.calls.some((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${subscription.id}`),
    ).toBe(true);
    expect(stripe.subscriptions.get(subscription.id)?.status).toBe('canceled');
    expect(
      await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toEqual([]);
  });

  it('has no local checkout and no local test card payment with Stripe keys', async () => {
    const { cookie } = await createSignedInUser(ctx);
    expect((await api(ctx, cookie, 'GET', '/api/billing/local-checkout/cs_local_x')).statusCode).toBe(404);
  });
});

describe('billing with the local test checkout (no Stripe keys)', () => {
  const ctx = useTestApp();

  async function startLocalCheckout(cookie: string) {
    const response = await api(ctx, cookie, 'POST', '/api/billing/checkout', {
      interval: 'month',
      currency: 'GBP',
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(url.pathname).toMatch(/^\/checkout\/cs_local_/);
    return url.pathname.split('/').at(-1)!;
  }

  /** The local test checkout's own endpoints, asked by a browser on this machine unless `from` says otherwise. */
  const checkoutApi = (
    cookie: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    from: { remoteAddress: string; headers?: Record<string, string> } = { remoteAddress: '127.0.0.1' },
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...from.headers },
      remoteAddress: from.remoteAddress,
      ...(payload ? { payload } : {}),
    });

  const pay = (
    cookie: string,
    sessionId: string,
    cardNumber: string,
    from?: { remoteAddress: string; headers?: Record<string, string> },
  ) =>
    checkoutApi(
      cookie,
      'POST',
      `/api/billing/local-checkout/${sessionId}/pay`,
      { cardNumber, expiry: '12/40', cvc: '123', name: 'Ada Lovelace' },
      from,
    );

  it('declines 4000 0000 0000 0002 and leaves the user on Free; 4242… makes them Premium', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const sessionId = await startLocalCheckout(cookie);
    const session = await checkoutApi(cookie, 'GET', `/api/billing/local-checkout/${sessionId}`);
    expect(session.json()).toMatchObject({
      id: sessionId,
      status: 'open',
      planName: 'Premium',
      amount: 299,
      currency: 'GBP',
      interval: 'month',
      testCards: { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' },
    });

    const declined = await pay(cookie, sessionId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    expect((await statusOf(ctx, cookie)).currentPlan).toBe('free');
    expect((await featuresOf(ctx, cookie)).can_share_entries).toBe(false);

    const paid = await pay(cookie, sessionId, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().url).toBe(`${ctx.config.appUrl}/dashboard?success=true`);
    const status = await statusOf(ctx, cookie);
    expect(status).toMatchObject({
      subscribed: true,
      currentPlan: 'premium',
      provider: 'local',
      hasProviderSubscription: true,
    });
    expect(status.subscription?.id).toMatch(/^sub_local_/);
    expect((await featuresOf(ctx, cookie)).can_share_entries).toBe(true);
    expect((await planNotices(ctx, user.id)).map((n) => n.title)).toEqual([
      BILLING_MESSAGES.planChangedTitle('Premium'),
    ]);
    // The same events as Stripe's, through the same handler: recorded by id.
    expect(await eventCount(ctx)).toBeGreaterThanOrEqual(2);

    // A second payment of the same session changes nothing.
    expect((await pay(cookie, sessionId, '4242424242424242')).statusCode).toBe(409);

    const cancelled = await api(ctx, cookie, 'POST', '/api/billing/cancel');
    expect(cancelled.json()).toMatchObject({ currentPlan: 'premium', cancelAtPeriodEnd: true });
    const resumed = await api(ctx, cookie, 'POST', '/api/billing/resume');
    expect(resumed.json()).toMatchObject({ currentPlan: 'premium', cancelAtPeriodEnd: false });
  });

  it("answers 404 for another user's checkout session", async () => {
    const owner = await createSignedInUser(ctx);
    const stranger = await createSignedInUser(ctx);
    const sessionId = await startLocalCheckout(owner.cookie);
    expect(
      (await checkoutApi(stranger.cookie, 'GET', `/api/billing/local-checkout/${sessionId}`)).statusCode,
    ).toBe(404);
    expect((await pay(stranger.cookie, sessionId, '4242 4242 4242 4242')).statusCode).toBe(404);
    expect((await statusOf(ctx, stranger.cookie)).currentPlan).toBe('free');
    expect((await statusOf(ctx, owner.cookie)).currentPlan).toBe('free');
    expect((await api(ctx, undefined, 'GET', '/api/billing/subscription')).statusCode).toBe(401);
    expect((await checkoutApi(owner.cookie, 'GET', '/api/billing/local-checkout/%00')).statusCode).toBe(400);
  });

  it('answers the local test checkout only to a browser on this machine: from elsewhere it is a 404', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const sessionId = await startLocalCheckout(cookie);
    const elsewhere = [
      { remoteAddress: '10.1.2.3' },
      { remoteAddress: '192.168.1.20' },
      // Loopback, but through a proxy on this machine: the browser may be anywhere.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
    ];
    for (const from of elsewhere) {
      const session = await checkoutApi(
        cookie,
        'GET',
        `/api/billing/local-checkout/${sessionId}`,
        undefined,
        from,
      );
      expect(session.statusCode, from.remoteAddress).toBe(404);
      expect(session.json().code).toBe('NOT_FOUND');
      const paid = await pay(cookie, sessionId, '4242 4242 4242 4242', from);
      expect(paid.statusCode, from.remoteAddress).toBe(404);
      // The same answer signed out: nothing tells the tool exists.
      const anonymous = await checkoutApi(
        undefined,
        'GET',
        `/api/billing/local-checkout/${sessionId}`,
        undefined,
        from,
      );
      expect(anonymous.statusCode).toBe(404);
    }
    expect((await statusOf(ctx, cookie)).currentPlan).toBe('free');
    expect(await planNotices(ctx, user.id)).toEqual([]);

    // At the machine itself (IPv6 loopback too) the same session still pays.
    expect((await pay(cookie, sessionId, '4242 4242 4242 4242', { remoteAddress: '::1' })).statusCode).toBe(
      200,
    );
    expect((await statusOf(ctx, cookie)).currentPlan).toBe('premium');
  });

  it('has no webhook endpoint without Stripe keys', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/billing/webhook', payload: {} });
    expect(response.statusCode).toBe(404);
  });

  it('signs in as a seeded test account of each plan, from this machine only', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/test-accounts',
      remoteAddress: '127.0.0.1',
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().accounts.map((a: { plan: string }) => a.plan)).toEqual(['free', 'basic', 'premium']);

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/test-accounts/premium/sign-in',
      remoteAddress: '127.0.0.1',
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn.headers['set-cookie']);
    expect((await statusOf(ctx, cookie)).currentPlan).toBe('premium');
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/test-accounts/basic/sign-in',
      remoteAddress: '::1',
    });
    expect((await statusOf(ctx, sessionCookie(again.headers['set-cookie']))).currentPlan).toBe('basic');

    const remote = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/test-accounts',
      remoteAddress: '10.1.2.3',
    });
    expect(remote.statusCode).toBe(404);
    const proxied = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/test-accounts/premium/sign-in',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.headers['set-cookie']).toBeUndefined();
  });

  it('creates a test account once when its first sign-ins arrive together', async () => {
    const signIns = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/dev/test-accounts/free/sign-in',
          remoteAddress: '127.0.0.1',
        }),
      ),
    );
    expect(signIns.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const users = new Set(
      await Promise.all(
        signIns.map(async (r) => (await statusOf(ctx, sessionCookie(r.headers['set-cookie']))).currentPlan),
      ),
    );
    expect(users).toEqual(new Set(['free']));
  });
});

describe('billing in production', () => {
  const ctx = useTestApp({ NODE_ENV: 'production', APP_URL: 'http://journal.example' });

  it('has no local checkout and no test accounts, and sells nothing without Stripe keys', async () => {
    expect(ctx.config.payments.kind).toBe('none');
    const { cookie } = await createSignedInUser(ctx);
    // Not even for a browser on this machine.
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/billing/local-checkout/cs_local_x',
          remoteAddress: '127.0.0.1',
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/billing/local-checkout/cs_local_x/pay',
          remoteAddress: '127.0.0.1',
          headers: { cookie },
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    const checkout = await api(ctx, cookie, 'POST', '/api/billing/checkout', { interval: 'month' });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().message).toBe(BILLING_MESSAGES.planNotAvailable);
    const accounts = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/test-accounts',
      remoteAddress: '127.0.0.1',
    });
    expect(accounts.statusCode).toBe(404);
  });

  it('uses Stripe when the keys are set, and refuses half a Stripe configuration', () => {
    const base = { NODE_ENV: 'production', APP_URL: 'https://journal.example', DATA_DIR: ctx.config.dataDir };
    const config = loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(config.payments.kind).toBe('stripe');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toThrow(ConfigError);
  });
});

describe('billing in production with Stripe keys', () => {
  const ctx = useTestApp({
    NODE_ENV: 'production',
    APP_URL: 'http://journal.example',
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  });

  it('uses the Stripe provider (webhook present, local checkout absent)', async () => {
    expect(ctx.app.services.billing.providerKind).toBe('stripe');
    const { cookie } = await createSignedInUser(ctx);
    expect((await statusOf(ctx, cookie)).provider).toBe('stripe');
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await api(ctx, cookie, 'GET', '/api/billing/local-checkout/cs_local_x')).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(subscriptions).limit(1);
    expect(row?.planId ?? 'free').toBe('free');
  });
});
