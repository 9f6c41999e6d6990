import {
  ApiError,
  CreateCheckoutInput,
  LocalCheckoutPayInput,
  LocalCheckoutSession,
  RedirectUrl,
  SetSubscriptionIntentInput,
  SubscriptionIntent,
  SubscriptionStatus,
  TEST_ACCOUNT_PLANS,
  TestAccount,
  TestAccountList,
  TestAccountPlan,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appendSetCookies, requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { localOnly } from '../../infra/http/local-only.ts';
import type { Services } from '../../services.ts';

const errors = {
  400: ApiError,
  401: ApiError,
  402: ApiError,
  403: ApiError,
  404: ApiError,
  409: ApiError,
  429: ApiError,
  502: ApiError,
};
/** Session ids are ours (`cs_local_<hex>`): anything else, NUL included, never reaches the database (fuzz finding). */
const SessionId = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_]{1,100}$/, 'Unknown checkout session'),
});
const tags = ['billing'];

/** Plans and billing (ADR 026); the contract is packages/shared/src/schemas/billing.ts. */
export const billingRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    // Stripe's webhook: the signature covers the exact bytes, so the body is kept raw (never parsed as JSON first).
    if (services.billing.providerKind === 'stripe') {
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser(
          '*',
          { parseAs: 'buffer', bodyLimit: 512 * 1024 },
          (_request, body, done) => done(null, body),
        );
        scope.withTypeProvider<ZodTypeProvider>().post(
          '/billing/webhook',
          {
            schema: {
              tags,
              summary:
                "Stripe's events (signed with STRIPE_WEBHOOK_SECRET; a bad signature is refused with 400)",
              response: { 200: z.object({ received: z.literal(true) }), 400: ApiError },
            },
          },
          async (request) => {
            const signature = request.headers['stripe-signature'];
            const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
            await services.billing.webhook(body, typeof signature === 'string' ? signature : undefined);
            return { received: true as const };
          },
        );
      });
    }

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/billing/subscription',
        {
          schema: {
            tags,
            summary: 'Your plan and subscription (the spec check-subscription)',
            response: { 200: SubscriptionStatus, ...errors },
          },
        },
        (request) => services.billing.status(signedInUser(request).id),
      );

      signedIn.put(
        '/billing/intent',
        {
          schema: {
            tags,
            summary: 'Set or clear the Premium intent and billing cycle (the spec set_subscription_intent)',
            body: SetSubscriptionIntentInput,
            response: { 200: SubscriptionIntent, ...errors },
          },
        },
        (request) => services.billing.setIntent(signedInUser(request).id, request.body),
      );

      signedIn.post(
        '/billing/checkout',
        {
          config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
          schema: {
            tags,
            summary: 'Start a Premium checkout (GBP when the currency has no price); redirect to `url`',
            body: CreateCheckoutInput,
            response: { 200: RedirectUrl, ...errors },
          },
        },
        (request) => services.billing.checkout(signedInUser(request).id, request.body),
      );

      signedIn.post(
        '/billing/portal',
        {
          schema: {
            tags,
            summary: 'Open the billing portal (card updates, cancellation)',
            response: { 200: RedirectUrl, ...errors },
          },
        },
        (request) => services.billing.portal(signedInUser(request).id),
      );

      signedIn.post(
        '/billing/cancel',
        {
          schema: {
            tags,
            summary: 'Cancel at the end of the period',
            response: { 200: SubscriptionStatus, ...errors },
          },
        },
        (request) => services.billing.cancel(signedInUser(request).id),
      );

      signedIn.post(
        '/billing/resume',
        {
          schema: {
            tags,
            summary: 'Keep a subscription that was set to cancel at the period end',
            response: { 200: SubscriptionStatus, ...errors },
          },
        },
        (request) => services.billing.resume(signedInUser(request).id),
      );
    });

    // The local test checkout exists only for the local provider (no Stripe keys; never in production), and, as a
    // test tool, answers only a person at this machine: it grants Premium for a test card number, so from anywhere
    // else it is the API's ordinary 404 (`localOnly` runs before the session is even looked at).
    if (services.billing.providerKind === 'local') {
      await app.register(async (scope) => {
        scope.addHook('onRequest', localOnly);
        const signedIn = scope.withTypeProvider<ZodTypeProvider>();
        signedIn.addHook('onRequest', requireUser(services.auth));
        signedIn.get(
          '/billing/local-checkout/:sessionId',
          {
            schema: {
              tags,
              summary: 'A local test checkout session (takes no money)',
              params: SessionId,
              response: { 200: LocalCheckoutSession, ...errors },
            },
          },
          (request) => services.billing.localSession(signedInUser(request).id, request.params.sessionId),
        );

        signedIn.post(
          '/billing/local-checkout/:sessionId/pay',
          {
            config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
            schema: {
              tags,
              summary:
                "Pay a local test checkout with Stripe's test cards (4242… succeeds, 4000 0000 0000 0002 is declined)",
              params: SessionId,
              body: LocalCheckoutPayInput,
              response: { 200: RedirectUrl, ...errors },
            },
          },
          (request) =>
            services.billing.payLocal(signedInUser(request).id, request.params.sessionId, request.body),
        );
      });
    }
  };

/** The seeded test accounts (TEST_TOOLS only). */
export const TEST_ACCOUNTS = TEST_ACCOUNT_PLANS.map((plan) => ({
  plan,
  email: `test-${plan}@daybook.test`,
  fullName: `Test ${plan[0]!.toUpperCase()}${plan.slice(1)}`,
}));
/** Known so the accounts can also sign in through the ordinary form; they exist only where test tools do. */
export const TEST_ACCOUNT_PASSWORD = 'Daybook-Test-Account-1';

/**
 * The test account picker's endpoints. app.ts registers them only with TEST_TOOLS on (never in production), and they
 * answer only direct requests from this machine; anything else gets the API's ordinary 404.
 */
export const billingTestRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', localOnly);
    const devTags = ['development'];

    app.get(
      '/dev/test-accounts',
      {
        schema: {
          tags: devTags,
          summary:
            'The seeded Free, Basic and Premium test accounts (test tools only, from this machine only)',
          response: { 200: TestAccountList, 404: ApiError },
        },
      },
      async () => ({
        accounts: await Promise.all(
          TEST_ACCOUNTS.map(async (account) => ({
            ...account,
            exists: (await services.account.findByEmail(account.email)) !== null,
          })),
        ),
      }),
    );

    app.post(
      '/dev/test-accounts/:plan/sign-in',
      {
        schema: {
          tags: devTags,
          summary: 'Sign in as the test account of a plan, creating it when missing (test tools only)',
          params: z.object({ plan: TestAccountPlan }),
          response: { 200: TestAccount, ...errors },
        },
      },
      async (request, reply) => {
        const account = TEST_ACCOUNTS.find((candidate) => candidate.plan === request.params.plan)!;
        const { result, setCookies } = await services.auth.signInTestAccount({
          ...account,
          password: TEST_ACCOUNT_PASSWORD,
        });
        await services.billing.grantTestPlan(result.userId, account.plan);
        appendSetCookies(reply, setCookies);
        return { ...account, exists: true };
      },
    );
  };
