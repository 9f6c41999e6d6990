import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, notScheduled, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DELETION_STATUS_QUERY_KEY } from './api/get-deletion-status.ts';
import { DeletionBanner } from './components/DeletionBanner.tsx';

const scheduled = {
  isScheduled: true,
  deletionDate: '2026-12-21T12:00:00.000Z',
  requestedDate: '2026-11-21T12:00:00.000Z',
  reason: null,
  daysRemaining: 30,
};

function renderBanner(status: unknown) {
  const fetchMock = stubApi({ 'GET /api/me/deletion': json(status) });
  const result = renderWithProviders(<DeletionBanner />, { path: '/dashboard' });
  return { ...result, fetchMock };
}

describe('DeletionBanner', () => {
  it('shows the date and the days left, with a way to review the request', async () => {
    renderBanner(scheduled);
    const banner = await screen.findByRole('region', { name: 'Account deletion' });
    expect(banner.textContent).toContain('Account deletion scheduled for Dec 21, 2026');
    expect(screen.getByText('30 days remaining')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/profile#delete-account');
  });

  it('says "1 day remaining" on the last day', async () => {
    renderBanner({ ...scheduled, daysRemaining: 1 });
    expect(await screen.findByText('1 day remaining')).toBeTruthy();
  });

  it.each([
    ['nothing is scheduled', notScheduled],
    ['no days remain', { ...scheduled, daysRemaining: 0 }],
  ])('stays hidden when %s', async (_, status) => {
    const { fetchMock, queryClient } = renderBanner(status);
    // The status has arrived and been rendered from: the banner's decision is final, not pending.
    await waitFor(() => expect(queryClient.getQueryState(DELETION_STATUS_QUERY_KEY)?.status).toBe('success'));
    expect(fetchMock).toHaveBeenCalledWith('/api/me/deletion', expect.anything());
    expect(screen.queryByRole('region', { name: 'Account deletion' })).toBeNull();
  });
});
