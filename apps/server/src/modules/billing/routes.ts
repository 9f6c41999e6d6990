import { api, TEST_ACCOUNT_PLANS } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appendSetCookies, requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { localOnly } from '../../infra/http/local-only.ts';
import type { Services } from '../../services.ts';

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
        route(
          scope,
          api.billing.webhook,
          {
            tags,
            summary:
              "Stripe's events (signed with STRIPE_WEBHOOK_SECRET; a bad signature is refused with 400)",
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

    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.billing.subscription,
        { tags, summary: 'Your plan and subscription (the spec check-subscription)' },
        (request) => services.billing.status(signedInUser(request).id),
      );

      route(
        signedIn,
        api.billing.setIntent,
        {
          tags,
          summary: 'Set or clear the Premium intent and billing cycle (the spec set_subscription_intent)',
        },
        (request) => services.billing.setIntent(signedInUser(request).id, request.body),
      );

      route(
        signedIn,
        api.billing.checkout,
        {
          tags,
          summary: 'Start a Premium checkout (GBP when the currency has no price); redirect to `url`',
          config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        },
        (request) => services.billing.checkout(signedInUser(request).id, request.body),
      );

      route(
        signedIn,
        api.billing.portal,
        { tags, summary: 'Open the billing portal (card updates, cancellation)' },
        (request) => services.billing.portal(signedInUser(request).id),
      );

      route(signedIn, api.billing.cancel, { tags, summary: 'Cancel at the end of the period' }, (request) =>
        services.billing.cancel(signedInUser(request).id),
      );

      route(
        signedIn,
        api.billing.resume,
        { tags, summary: 'Keep a subscription that was set to cancel at the period end' },
        (request) => services.billing.resume(signedInUser(request).id),
      );
    });

    // The local test checkout exists only for the local provider (no Stripe keys; never in production), and, as a
    // test tool, answers only a person at this machine: it grants Premium for a test card number, so from anywhere
    // else it is the API's ordinary 404 (`localOnly` runs before the session is even looked at).
    if (services.billing.providerKind === 'local') {
      await app.register(async (local) => {
        local.addHook('onRequest', localOnly);
        local.addHook('onRequest', requireUser(services.auth));
        route(
          local,
          api.billing.localCheckout,
          { tags, summary: 'A local test checkout session (takes no money)' },
          (request) => services.billing.localSession(signedInUser(request).id, request.params.sessionId),
        );

        route(
          local,
          api.billing.payLocalCheckout,
          {
            tags,
            summary:
              "Pay a local test checkout with Stripe's test cards (4242… succeeds, 4000 0000 0000 0002 is declined)",
            config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
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

    route(
      app,
      api.billing.testAccounts,
      {
        tags: devTags,
        summary: 'The seeded Free, Basic and Premium test accounts (test tools only, from this machine only)',
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

    route(
      app,
      api.billing.signInTestAccount,
      {
        tags: devTags,
        summary: 'Sign in as the test account of a plan, creating it when missing (test tools only)',
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
