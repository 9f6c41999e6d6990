import { api, type Endpoint } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { type TestContext, useTestApp } from './support/app.ts';

/**
 * Every operation declared in packages/shared (ADR 106) is served: no declaration the web could call in vain. A
 * deployment serves the checkout of its payment provider only: the local one without Stripe keys, the webhook with
 * them, so the two set-ups together serve every declaration.
 */
describe('the declared endpoints', () => {
  const local = useTestApp();
  const withStripe = useTestApp(
    {
      STRIPE_SECRET_KEY: 'sk_test_endpoints',
      STRIPE_WEBHOOK_SECRET: 'whsec_endpoints',
      // Nothing is asked of Stripe here: the routes are only looked up.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    },
    {},
    { sameDatabaseAs: local },
  );
  const declared = Object.entries(api).flatMap(([feature, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `api.${feature}.${name}`,
      method: endpoint.method,
      url: endpoint.path,
    })),
  );
  const isServedBy = (ctx: TestContext, { method, url }: (typeof declared)[number]) =>
    ctx.app.hasRoute({ method, url });

  it('each have a route on the server, under the method and path they declare', () => {
    expect(declared.length).toBeGreaterThan(150);
    const unserved = declared.filter(
      (endpoint) => !isServedBy(local, endpoint) && !isServedBy(withStripe, endpoint),
    );
    expect(unserved).toEqual([]);
  });

  it('are, but for the payment provider’s own, served by one set-up as by the other', () => {
    const onlyOne = declared
      .filter((endpoint) => isServedBy(local, endpoint) !== isServedBy(withStripe, endpoint))
      .map(({ name }) => name);
    expect(onlyOne.sort()).toEqual([
      'api.billing.localCheckout',
      'api.billing.payLocalCheckout',
      'api.billing.webhook',
    ]);
  });
});
