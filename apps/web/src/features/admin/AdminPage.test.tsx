import { MESSAGES } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import AdminPage from './pages/AdminPage.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const admin = { ...sessionUser, role: 'admin' as const };
const person = {
  id: '7d0e6f4c-5b1a-4c2e-9d3f-0a1b2c3d4e5f',
  email: 'pat@example.com',
  name: 'Pat Person',
  role: 'user' as const,
  plan: 'free' as const,
  state: 'active' as const,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: null,
};

describe('/admin', () => {
  it('is "Page not found" to a signed-in user who is not an administrator, without asking the admin API', async () => {
    const fetchMock = stubApi({ ...signedInHandlers() });
    renderWithProviders(<AdminPage />, { path: '/admin' });
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/admin/users')).toHaveLength(0);
  });

  it('turns into "Page not found" when the server refuses (the role was revoked)', async () => {
    stubApi({
      ...signedInHandlers(admin),
      'GET /api/admin/users': apiError(404, 'NOT_FOUND', 'No API route GET /api/admin/users'),
    });
    renderWithProviders(<AdminPage />, { path: '/admin' });
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound })).toBeTruthy();
  });

  it('lists people and disables one after a confirmation', async () => {
    const fetchMock = stubApi({
      ...signedInHandlers(admin),
      'GET /api/admin/users': json({ items: [person], total: 1 }),
      [`POST /api/admin/users/${person.id}/disable`]: json({ ...person, state: 'disabled' }),
    });
    renderWithProviders(<AdminPage />, { path: '/admin' });
    expect(await screen.findByRole('tab', { name: 'Users', selected: true })).toBeTruthy();
    const row = (await screen.findByText('pat@example.com')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Disable Pat Person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Pat Person?' });
    expect(callsTo(fetchMock, `POST /api/admin/users/${person.id}/disable`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Pat Person is disabled and signed out.'));
    expect(callsTo(fetchMock, `POST /api/admin/users/${person.id}/disable`)).toHaveLength(1);
  });

  it('moves between sections with the arrow keys and shows each empty state', async () => {
    stubApi({
      ...signedInHandlers(admin),
      'GET /api/admin/users': json({ items: [], total: 0 }),
      'GET /api/admin/reports': json({ items: [], total: 0 }),
    });
    renderWithProviders(<AdminPage />, { path: '/admin' });
    expect(await screen.findByText('No accounts yet.')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Users' }), { key: 'ArrowRight' });
    expect(await screen.findByRole('tab', { name: 'Reports', selected: true })).toBeTruthy();
    expect(await screen.findByText('No open reports. Nothing needs review.')).toBeTruthy();
  });
});
