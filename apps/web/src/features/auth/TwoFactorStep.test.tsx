import { TWO_FACTOR_MESSAGES } from '@daybook/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, json, loginStatus, sessionUser, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import LoginPage from './pages/LoginPage.tsx';

/* The login's code step (ADR 075): after a right password on an account with two-step sign-in. */

function renderPage(path = '/login?redirect=%2Fprofile') {
  return renderWithProviders(<LoginPage />, {
    path,
    routes: [
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/profile', element: <h1>Profile page</h1> },
    ],
  });
}

async function passwordStep() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Quiet-River-42' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
  });
  return screen.findByLabelText('6-digit code');
}

const wrongCode = (remainingAttempts: number) =>
  apiError(400, 'TWO_FACTOR_CODE_INVALID', TWO_FACTOR_MESSAGES.codeWrong, {
    fields: { code: TWO_FACTOR_MESSAGES.codeWrong },
    details: { twoFactorAttempts: { isLockedOut: false, remainingAttempts } },
  });

describe('the login code step', () => {
  it('asks for the code after the password and signs in with it', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login-status': json(loginStatus()),
      'POST /api/auth/sign-in': json({ twoFactorRequired: true }),
      'POST /api/auth/two-factor': json({ user: sessionUser }),
    });
    const { router, queryClient } = renderPage();
    const field = await passwordStep();
    expect(screen.getByText(TWO_FACTOR_MESSAGES.codePrompt)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(document.activeElement).toBe(field);
    // Not signed in yet.
    expect(queryClient.getQueryData(['session'])).toBeUndefined();

    fireEvent.change(field, { target: { value: '123 456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    });
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(callsTo(fetchMock, 'POST /api/auth/two-factor')).toEqual([{ code: '123456' }]);
    expect(queryClient.getQueryData(['session'])).toEqual({ user: sessionUser });
  });

  it('checks the code’s shape, says when it is wrong and how many attempts are left, and takes a recovery code instead', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login-status': json(loginStatus()),
      'POST /api/auth/sign-in': json({ twoFactorRequired: true }),
      'POST /api/auth/two-factor': wrongCode(2),
    });
    renderPage();
    const field = await passwordStep();
    fireEvent.change(field, { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    });
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeShape)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/two-factor')).toEqual([]);

    fireEvent.change(field, { target: { value: '654321' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TWO_FACTOR_MESSAGES.codeWrong);
    expect(alert.textContent).toContain(TWO_FACTOR_MESSAGES.attemptsRemaining(2));

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = await screen.findByLabelText('Recovery code');
    expect(screen.getByText(TWO_FACTOR_MESSAGES.recoveryPrompt)).toBeTruthy();
    fireEvent.change(recovery, { target: { value: 'ABCDE-FGHJK' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    });
    expect(callsTo(fetchMock, 'POST /api/auth/two-factor')).toEqual([
      { code: '654321' },
      { recoveryCode: 'abcdefghjk' },
    ]);
  });

  it('goes back to the password when the pending sign-in ran out, and says when the code step is locked', async () => {
    const handlers = {
      'POST /api/auth/login-status': json(loginStatus()),
      'POST /api/auth/sign-in': json({ twoFactorRequired: true }),
      'POST /api/auth/two-factor': apiError(
        401,
        'TWO_FACTOR_CHALLENGE_EXPIRED',
        TWO_FACTOR_MESSAGES.challengeExpired,
      ),
    };
    stubApi(handlers);
    renderPage();
    fireEvent.change(await passwordStep(), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(TWO_FACTOR_MESSAGES.challengeExpired);
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();

    stubApi({
      ...handlers,
      'POST /api/auth/two-factor': apiError(423, 'TWO_FACTOR_LOCKED', TWO_FACTOR_MESSAGES.lockedOut(15), {
        details: { twoFactorAttempts: { isLockedOut: true, remainingAttempts: 0, lockedForMinutes: 15 } },
      }),
    });
    fireEvent.change(await passwordStep(), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_FACTOR_MESSAGES.lockedOut(15));
  });
});
