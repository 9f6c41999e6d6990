import { AUTH_MESSAGES } from '@daybook/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ResetPasswordPage from './pages/ResetPasswordPage.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const NEW_PASSWORD = 'Brand-New-River-7';

function renderPage(path: string) {
  return renderWithProviders(<ResetPasswordPage />, {
    path,
    routes: [{ path: '/login', element: <h1>Login page</h1> }],
  });
}

async function chooseNewPassword() {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: NEW_PASSWORD } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: NEW_PASSWORD } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  });
}

describe('ResetPasswordPage', () => {
  beforeEach(() => vi.mocked(toast.success).mockClear());

  it('sends a reset link and shows the same answer for any address', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/forgot-password': json({ ok: true, message: AUTH_MESSAGES.resetRequested }),
    });
    renderPage('/reset-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    });
    expect(await screen.findByText(AUTH_MESSAGES.resetRequested)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/forgot-password')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('sets the new password with the token, then goes to the login page', async () => {
    const fetchMock = stubApi({ 'POST /api/auth/reset-password': json({ ok: true }) });
    const { router } = renderPage('/reset-password?token=XYZ');
    expect(screen.getByLabelText('New password').getAttribute('minLength')).toBe('8');
    await chooseNewPassword();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(toast.success).toHaveBeenCalledWith(AUTH_MESSAGES.passwordResetDone);
    expect(callsTo(fetchMock, 'POST /api/auth/reset-password')).toEqual([
      { token: 'XYZ', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ]);
  });

  it('explains a rejected token and offers a new link', async () => {
    stubApi({
      'POST /api/auth/reset-password': apiError(400, 'INVALID_TOKEN', AUTH_MESSAGES.resetLinkInvalid),
    });
    renderPage('/reset-password?token=old');
    await chooseNewPassword();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('explains a link the server already turned down', () => {
    stubApi({});
    renderPage('/reset-password?error=INVALID_TOKEN');
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });
});
