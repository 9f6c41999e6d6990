import { FUTURE_MESSAGE_MESSAGES } from '@daybook/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { premiumPlanFeatures } from '../../features/future-messages/test-messages.ts';
import { json, signedInHandlers, stubApi } from '../../test/api.ts';
import { storeTestEntryKey } from '../../test/entries.ts';
import { renderWithProviders } from '../../test/render.tsx';
import DashboardPage from './DashboardPage.tsx';

describe('the dashboard’s future-self parts', () => {
  it('shows the Future Self card and the arrival banner', async () => {
    await storeTestEntryKey();
    // The card and the banner load after the journal; transforming them here on first import can take a while.
    await Promise.all([
      import('../../features/future-messages/components/FutureSelfCard.tsx'),
      import('../../features/future-messages/components/FutureMessageBanner.tsx'),
    ]);
    stubApi({
      ...signedInHandlers(),
      'GET /api/me/plan-features': json(premiumPlanFeatures),
      'GET /api/future-messages/upcoming': json({ items: [] }),
      'GET /api/notifications/summary': json({
        latest: [
          {
            id: 'n-1',
            type: 'future_email',
            title: 'A message from your past self',
            message: '',
            isRead: false,
            createdAt: '2027-03-01T09:00:00.000Z',
            metadata: {},
          },
        ],
        unreadCount: 1,
      }),
    });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });

    // The card is a lazily imported chunk: its first import is transformed on demand, which on a busy two-core
    // machine has taken longer than the default wait.
    const card = await screen.findByRole('region', { name: 'Future Self' }, { timeout: 15_000 });
    expect(await within(card).findByRole('button', { name: 'Schedule a message' })).toBeTruthy();
    expect(await within(card).findByText('Nothing scheduled yet.')).toBeTruthy();
    const banner = await screen.findByRole('region', { name: FUTURE_MESSAGE_MESSAGES.bannerTitle });
    expect(within(banner).getByText('A message from your past self')).toBeTruthy();
  });
});
