import { AUTH_MESSAGES } from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIEF_TOAST } from '../lib/constants.ts';
import { apiError, json, profile, sessionUser, signedInHandlers, stubApi } from '../test/api.ts';
import { renderRoutes } from '../test/render.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { routes } from './router.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

function renderAt(path: string) {
  return renderRoutes(createMemoryRouter(routes, { initialEntries: [path] }));
}

const locationOf = (router: ReturnType<typeof renderAt>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`;

describe('RequireAuth', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
  });

  it.each(['/dashboard', '/profile', '/new-entry', '/past-entries', '/export', '/admin', '/shared'])(
    'sends a visitor from %s to /login with the way back',
    async (path) => {
      stubApi({ 'GET /api/auth/session': json({ user: null }) });
      const { router } = renderAt(`${path}?tab=2`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
      expect(locationOf(router)).toBe(`/login?redirect=${encodeURIComponent(`${path}?tab=2`)}`);
    },
  );

  it('says "Redirecting to login..." until the login page is there', async () => {
    stubApi({ 'GET /api/auth/session': json({ user: null }) });
    // The login page's code never arrives here, so the guard's view stays on screen.
    const router = createMemoryRouter(
      [
        { element: <RequireAuth />, children: [{ path: '/dashboard', element: <p>The journal</p> }] },
        { path: '/login', lazy: () => new Promise<never>(() => {}) },
      ],
      { initialEntries: ['/dashboard'] },
    );
    renderRoutes(router);
    const view = await screen.findByText('Redirecting to login...');
    expect(view.getAttribute('role')).toBe('status');
    expect(screen.queryByText('The journal')).toBeNull();
  });

  it('moves the error of a failed verification link to the login page, which explains it', async () => {
    stubApi({ 'GET /api/auth/session': json({ user: null }) });
    const { router } = renderAt('/dashboard?error=TOKEN_EXPIRED');
    expect(await screen.findByText(AUTH_MESSAGES.verificationLinkExpired)).toBeTruthy();
    expect(locationOf(router)).toBe('/login?redirect=%2Fdashboard&error=TOKEN_EXPIRED');
    expect(screen.getByRole('button', { name: 'Resend verification e-mail' })).toBeTruthy();
  });

  it('says "Authentication Error" with Retry when the session check itself fails, not when signed out', async () => {
    stubApi({ 'GET /api/auth/session': apiError(503, 'UNAVAILABLE', 'Service unavailable') });
    const { router } = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Authentication Error' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');

    stubApi(signedInHandlers());
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeTruthy();
  });

  it('shows the page, greeting by first name, to a signed-in person', async () => {
    stubApi(signedInHandlers());
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it('sends a signed-in person away from /login and /register', async () => {
    stubApi(signedInHandlers());
    const { router } = renderAt('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('when a signed-in call answers 401, forgets the user, says so and asks to log in again', async () => {
    stubApi({
      ...signedInHandlers(),
      'GET /api/me': apiError(401, 'UNAUTHENTICATED', 'Not authenticated'),
    });
    const { router, queryClient } = renderAt('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(locationOf(router)).toBe('/login?redirect=%2Fprofile');
    expect(toast.error).toHaveBeenCalledWith(AUTH_MESSAGES.sessionExpired, { id: 'session-expired' });
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });

  it('notices a session ended elsewhere at the next session check', async () => {
    const fetchMock = stubApi(signedInHandlers());
    const { router, queryClient } = renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });

    stubApi({ ...signedInHandlers(), 'GET /api/auth/session': json({ user: null }) });
    await act(() => queryClient.refetchQueries({ queryKey: ['session'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(toast.error).toHaveBeenCalledWith(AUTH_MESSAGES.sessionExpired, { id: 'session-expired' });
    expect(fetchMock).toHaveBeenCalled();
  });

  it('signs out from the account menu: goes home, forgets the user and says so', async () => {
    const fetchMock = stubApi({ ...signedInHandlers(), 'POST /api/auth/sign-out': json({ ok: true }) });
    const { router, queryClient } = renderAt('/profile');
    queryClient.setQueryData(['profile'], profile);
    await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });

    const trigger = screen.getByRole('button', { name: 'Account menu' });
    // The menu's code loads on the first press (ADR 076).
    fireEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(sessionUser.fullName)).toBeTruthy();
    expect(within(menu).getByText(sessionUser.email)).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Profile Settings' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Data & Export' }).getAttribute('href')).toBe(
      '/export',
    );
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(AUTH_MESSAGES.signedOut, BRIEF_TOAST));
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(['session'])).toEqual({ user: null });
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sign-out')).toBe(true);
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
  });
});
