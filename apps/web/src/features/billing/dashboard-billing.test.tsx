import { BILLING_TIMINGS } from '@daybook/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FREE_SUBSCRIPTION_STATUS } from '../../lib/billing.ts';
import { billingKeys } from '../../lib/query-keys.ts';
import { callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { createTestQueryClient, renderWithProviders } from '../../test/render.tsx';
import { DashboardBilling } from './components/DashboardBilling.tsx';
import { BILLING_COPY } from './copy.ts';

/** The dashboard's plan pieces with a status this browser read `ageMs` ago (no intent then; Premium chosen since). */
function renderWithStatusAged(ageMs: number) {
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/billing/subscription': json({ ...FREE_SUBSCRIPTION_STATUS, intent: 'premium' }),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(billingKeys.subscription(), FREE_SUBSCRIPTION_STATUS, {
    updatedAt: Date.now() - ageMs,
  });
  renderWithProviders(<DashboardBilling />, { path: '/dashboard', queryClient });
  return fetchMock;
}

describe('the subscription intent on the dashboard (docs/product/plans-billing.md#plans-intent: cached 2 minutes)', () => {
  it('asks again for an intent read more than 2 minutes ago, though the status alone keeps 5', async () => {
    const fetchMock = renderWithStatusAged(BILLING_TIMINGS.intentStaleMs + 60_000);
    expect(await screen.findByRole('heading', { name: BILLING_COPY.overlayTitle })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/billing/subscription')).toHaveLength(1);
  });
});
