import { DELETION_MESSAGES } from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_CHANGED_MESSAGE } from '../../features/account/pages/ProfilePage.tsx';
import {
  apiError,
  callsTo,
  json,
  notScheduled,
  profile,
  sessionUser,
  signedInHandlers,
  stubApi,
} from '../../test/api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { routes } from '../router.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const scheduled = {
  isScheduled: true,
  deletionDate: '2026-12-21T12:00:00.000Z',
  requestedDate: '2026-11-21T12:00:00.000Z',
  reason: 'Taking a break',
  daysRemaining: 30,
};

const sessions = {
  sessions: [
    {
      id: 's-1',
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ipAddress: '203.0.113.7',
      createdAt: '2026-11-20T10:00:00Z',
      lastActiveAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      expiresAt: '2026-12-20T10:00:00Z',
      isCurrent: true,
      isTwoFactor: false,
      isPasskey: true,
    },
    {
      id: 's-2',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      ipAddress: '198.51.100.4',
      createdAt: '2026-11-01T10:00:00Z',
      lastActiveAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      expiresAt: '2026-12-01T10:00:00Z',
      isCurrent: false,
      isTwoFactor: true,
      isPasskey: false,
    },
  ],
};

function profileHandlers(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...signedInHandlers(),
    'GET /api/me': json(profile),
    'GET /api/me/sessions': json(sessions),
    'GET /api/me/two-factor': json({ isEnabled: false, enabledAt: null, recoveryCodesLeft: 0 }),
    'GET /api/me/passkeys': json({ passkeys: [] }),
    ...overrides,
  });
}

function renderProfile(path = '/profile') {
  return renderRoutes(createMemoryRouter(routes, { initialEntries: [path] }));
}

async function openDeleteDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('ProfilePage', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it('shows every section, with the subscription and danger zone at their anchors', async () => {
    profileHandlers();
    renderProfile('/profile#subscription');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Settings' })).toBeTruthy();
    expect(await screen.findByLabelText('Full name')).toHaveProperty('value', 'Ada Lovelace');
    await waitFor(() => expect(document.title).toBe('Profile Settings · Daybook'));

    const subscription = document.getElementById('subscription');
    expect(subscription).toBeTruthy();
    const plan = within(subscription as HTMLElement);
    expect(await plan.findByText('Free')).toBeTruthy();
    expect(await plan.findByText('3 a day')).toBeTruthy();
    // Starts checkout itself rather than looping through /pricing (ADR 026).
    expect(await plan.findByRole('button', { name: 'See Premium plans' })).toBeTruthy();
    expect(plan.queryByRole('link', { name: 'See Premium plans' })).toBeNull();
    expect(document.getElementById('delete-account')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('lists the sessions, marks this device and signs another one out', async () => {
    const fetchMock = profileHandlers({
      'DELETE /api/me/sessions/s-2': () => new Response(null, { status: 204 }),
    });
    renderProfile();
    expect(await screen.findByText('Chrome on macOS')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    // This session was signed in with a passkey, the other with a second step.
    expect(screen.getByText('Passkey')).toBeTruthy();
    expect(screen.getByText('Two-step sign-in', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText(/198\.51\.100\.4 · Last active 3 days ago/)).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Session signed out'));
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/me/sessions/s-2' && init?.method === 'DELETE'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeTruthy();
  });

  it('schedules deletion with an optional reason, then offers to cancel it', async () => {
    let status: object = notScheduled;
    const fetchMock = profileHandlers({
      'GET /api/me/deletion': () => json(status)({} as never),
      'POST /api/me/deletion': () => {
        status = scheduled;
        return json(scheduled)({} as never);
      },
    });
    renderProfile('/profile#delete-account');
    const dialog = await openDeleteDialog();
    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(reason.getAttribute('maxLength')).toBe('500');
    fireEvent.change(reason, { target: { value: 'Taking a break' } });
    expect(within(dialog).getByText('14 / 500 characters')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule deletion' }));
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(DELETION_MESSAGES.scheduled, {
        description: DELETION_MESSAGES.scheduledDescription,
      }),
    );
    expect(callsTo(fetchMock, 'POST /api/me/deletion')).toEqual([{ reason: 'Taking a break' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Cancel deletion' })).toBeTruthy();
    // The banner above the page and the section both say when.
    expect(screen.getAllByText('Account deletion scheduled for Dec 21, 2026')).toHaveLength(2);
  });

  it('says why scheduling failed', async () => {
    profileHandlers({ 'POST /api/me/deletion': apiError(429, 'RATE_LIMITED', 'Too many requests') });
    renderProfile();
    const dialog = await openDeleteDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule deletion' }));
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(DELETION_MESSAGES.scheduleFailed, {
        description: 'Too many requests',
      }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it.each([
    [{}, DELETION_MESSAGES.cancelled, { description: DELETION_MESSAGES.cancelledDescription }],
    [
      { subscriptionRestored: true },
      DELETION_MESSAGES.cancelledRestored,
      { description: DELETION_MESSAGES.cancelledRestoredDescription, duration: 5000 },
    ],
    [
      { requiresResubscribe: true },
      DELETION_MESSAGES.cancelled,
      { description: DELETION_MESSAGES.cancelledResubscribeDescription, duration: 8000 },
    ],
  ])('cancelling with %j says %s', async (extra, title, options) => {
    profileHandlers({
      'GET /api/me/deletion': json(scheduled),
      'DELETE /api/me/deletion': json({ status: notScheduled, ...extra }),
    });
    renderProfile();
    const cancel = await screen.findByRole('button', { name: 'Cancel deletion' });
    await act(async () => {
      fireEvent.click(cancel);
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(title, options));
    expect(await screen.findByRole('button', { name: 'Delete account' })).toBeTruthy();
    expect(screen.queryByText(/Account deletion scheduled for/)).toBeNull();
  });

  it('says when cancelling failed', async () => {
    profileHandlers({
      'GET /api/me/deletion': json(scheduled),
      'DELETE /api/me/deletion': apiError(500, 'INTERNAL', 'Boom'),
    });
    renderProfile();
    const cancel = await screen.findByRole('button', { name: 'Cancel deletion' });
    await act(async () => {
      fireEvent.click(cancel);
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(DELETION_MESSAGES.cancelFailed, { description: 'Boom' }),
    );
  });

  it('confirms a completed e-mail change once, and tidies the address', async () => {
    profileHandlers();
    const { router } = renderProfile('/profile?emailChanged=1');
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(EMAIL_CHANGED_MESSAGE, { id: 'email-changed' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it("writes the browser's time zone when the profile still has the UTC default", async () => {
    const realOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...realOptions.call(this), timeZone: 'Australia/Sydney' };
    });
    const fetchMock = profileHandlers({
      'GET /api/auth/session': json({ user: { ...sessionUser, timezone: 'UTC' } }),
    });
    renderProfile();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/me')).toEqual([{ timezone: 'Australia/Sydney' }]),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });
});
