import { AUTH_MESSAGES, PASSKEY_MESSAGES } from '@daybook/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, loginStatus, sessionUser, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import LoginPage from './pages/LoginPage.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

function renderPage(path = '/login') {
  return renderWithProviders(<LoginPage />, {
    path,
    routes: [
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/profile', element: <h1>Profile page</h1> },
    ],
  });
}

async function logIn(email = ' Ada@Example.com ', password = 'Quiet-River-42') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
  });
}

const invalidCredentials = (remainingAttempts: number) =>
  apiError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials, {
    details: {
      loginStatus: loginStatus({ failedAttempts: 5 - remainingAttempts, remainingAttempts }),
    },
  });

describe('LoginPage', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
  });

  it('welcomes back, or asks to log in to upgrade with ?intent=premium', () => {
    stubApi({});
    const { unmount } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('minLength')).toBe('6');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    unmount();
    renderPage('/login?intent=premium');
    expect(screen.getByRole('heading', { level: 1, name: 'Login to Upgrade' })).toBeTruthy();
  });

  it('says "Email confirmed" above the sign-in form when a confirmation link was opened in another browser', () => {
    stubApi({});
    const { unmount } = renderPage('/login?verified=1');
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Email confirmed');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    unmount();
    renderPage();
    expect(screen.queryByText('Email confirmed')).toBeNull();
  });

  it('checks the lockout with the normalised e-mail, signs in and goes where the person was headed', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login-status': json(loginStatus()),
      'POST /api/auth/sign-in': json({ user: sessionUser }),
    });
    const { router, queryClient } = renderPage('/login?redirect=%2Fprofile');
    await logIn();

    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(callsTo(fetchMock, 'POST /api/auth/login-status')).toEqual([{ email: 'ada@example.com' }]);
    expect(callsTo(fetchMock, 'POST /api/auth/sign-in')).toEqual([
      { email: 'ada@example.com', password: 'Quiet-River-42' },
    ]);
    expect(queryClient.getQueryData(['session'])).toEqual({ user: sessionUser });
  });

  it('never follows a redirect to another site', async () => {
    stubApi({
      'POST /api/auth/login-status': json(loginStatus()),
      'POST /api/auth/sign-in': json({ user: sessionUser }),
    });
    const { router } = renderPage('/login?redirect=%2F%2Fevil.example%2Fphish');
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows only the error while more than 2 attempts remain', async () => {
    stubApi({
      'POST /api/auth/login-status': json(loginStatus()),
      'POST /api/auth/sign-in': invalidCredentials(3),
    });
    renderPage();
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(screen.queryByText(/remaining before lockout/)).toBeNull();
  });

  it.each([2, 1])('warns when %i attempt(s) remain before lockout', async (remaining) => {
    stubApi({
      'POST /api/auth/login-status': json(loginStatus()),
      'POST /api/auth/sign-in': invalidCredentials(remaining),
    });
    renderPage();
    await logIn();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(AUTH_MESSAGES.invalidCredentials);
    expect(alert.textContent).toContain(AUTH_MESSAGES.attemptsRemaining(remaining));
  });

  it('does not try to sign in while the address is locked', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login-status': json(
        loginStatus({ isLockedOut: true, failedAttempts: 5, remainingAttempts: 0, lockedForMinutes: 12 }),
      ),
      'POST /api/auth/sign-in': json({ user: sessionUser }),
    });
    renderPage();
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.lockedOut(12));
    expect(toast.error).toHaveBeenCalledWith(AUTH_MESSAGES.lockedOutToast);
    expect(callsTo(fetchMock, 'POST /api/auth/sign-in')).toEqual([]);
  });

  it('says so when the sign-in itself locks the address', async () => {
    stubApi({
      'POST /api/auth/login-status': json(loginStatus({ failedAttempts: 4, remainingAttempts: 1 })),
      'POST /api/auth/sign-in': apiError(423, 'ACCOUNT_LOCKED', AUTH_MESSAGES.lockedOut(15), {
        details: {
          loginStatus: loginStatus({ isLockedOut: true, remainingAttempts: 0, lockedForMinutes: 15 }),
        },
      }),
    });
    renderPage();
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.lockedOut(15));
    expect(toast.error).toHaveBeenCalledWith(AUTH_MESSAGES.lockedOutToast);
  });

  it('goes on to sign in when the lockout check fails, after saying so', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login-status': apiError(503, 'SERVICE_UNAVAILABLE', 'Down'),
      'POST /api/auth/sign-in': json({ user: sessionUser }),
    });
    renderPage();
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(AUTH_MESSAGES.loginStatusUnavailable);
    expect(callsTo(fetchMock, 'POST /api/auth/sign-in')).toHaveLength(1);
  });

  it('offers a new confirmation e-mail when the address is not verified', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login-status': json(loginStatus()),
      'POST /api/auth/sign-in': apiError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerifiedAtLogin),
      'POST /api/auth/resend-verification': json({ ok: true, message: AUTH_MESSAGES.verificationSent }),
    });
    renderPage();
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_MESSAGES.emailNotVerifiedAtLogin);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    });
    expect(callsTo(fetchMock, 'POST /api/auth/resend-verification')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('tells a disabled account so', async () => {
    stubApi({
      'POST /api/auth/login-status': json(loginStatus()),
      'POST /api/auth/sign-in': apiError(403, 'ACCOUNT_DISABLED', AUTH_MESSAGES.accountDisabled),
    });
    renderPage();
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.accountDisabled);
  });
});

describe('LoginPage with a passkey', () => {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;

  /** A browser with WebAuthn whose passkey dialog answers at once with the credential given. */
  function browserWithPasskey(get: (options: CredentialRequestOptions) => Promise<unknown>) {
    vi.stubGlobal('PublicKeyCredential', class {});
    vi.stubGlobal('navigator', { ...navigator, credentials: { get } });
  }
  afterEach(() => vi.unstubAllGlobals());

  it('signs in with a passkey: no e-mail, no password, no code, and on to where the person was headed', async () => {
    const get = vi.fn(async (_options: CredentialRequestOptions) => ({
      id: 'Y3JlZGVudGlhbA',
      rawId: bytes('credential'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: bytes('{}'),
        authenticatorData: bytes('data'),
        signature: bytes('signature'),
        userHandle: bytes('user'),
      },
      getClientExtensionResults: () => ({}),
    }));
    browserWithPasskey(get);
    const fetchMock = stubApi({
      'POST /api/auth/passkey/options': json({
        challenge: 'Y2hhbGxlbmdl',
        rpId: 'localhost',
        userVerification: 'required',
      }),
      'POST /api/auth/passkey/sign-in': json({ user: sessionUser }),
    });
    const { router } = renderPage('/login?redirect=%2Fprofile');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    });

    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    // The browser was asked with the server's challenge and user verification required.
    const asked = get.mock.calls[0]![0].publicKey!;
    expect(new TextDecoder().decode(asked.challenge as ArrayBuffer)).toBe('challenge');
    expect(asked.userVerification).toBe('required');
    expect(callsTo(fetchMock, 'POST /api/auth/login-status')).toEqual([]);
    expect(callsTo(fetchMock, 'POST /api/auth/passkey/sign-in')).toEqual([
      {
        response: expect.objectContaining({
          id: 'Y3JlZGVudGlhbA',
          rawId: 'Y3JlZGVudGlhbA',
          type: 'public-key',
          response: expect.objectContaining({ signature: 'c2lnbmF0dXJl', userHandle: 'dXNlcg' }),
        }),
      },
    ]);
  });

  it('says so when the passkey dialog is cancelled or times out', async () => {
    browserWithPasskey(async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    });
    stubApi({
      'POST /api/auth/passkey/options': json({ challenge: 'Y2hhbGxlbmdl' }),
    });
    renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.cancelled);
  });

  it('says so in a browser without passkeys', async () => {
    stubApi({ 'POST /api/auth/passkey/options': json({ challenge: 'Y2hhbGxlbmdl' }) });
    renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.unsupported);
  });

  it('tells a passkey no account holds so', async () => {
    browserWithPasskey(async () => ({
      id: 'eA',
      rawId: bytes('x'),
      type: 'public-key',
      response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('d'), signature: bytes('s') },
      getClientExtensionResults: () => ({}),
    }));
    stubApi({
      'POST /api/auth/passkey/options': json({ challenge: 'Y2hhbGxlbmdl' }),
      'POST /api/auth/passkey/sign-in': apiError(400, 'PASSKEY_UNKNOWN', PASSKEY_MESSAGES.unknown),
    });
    renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.unknown);
  });

  it("marks the e-mail field for the browser's passkey autofill", () => {
    stubApi({});
    renderPage();
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
  });
});

describe("the 'Can't log in?' helper", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubApi({});
  });
  afterEach(() => vi.useRealTimers());

  it('appears after 10 seconds, and its dismissal is remembered', () => {
    const { unmount } = renderPage();
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.queryByRole('heading', { name: "Can't log in?" })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: "Can't log in?" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/help-contact#contact',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss help' }));
    expect(screen.queryByRole('heading', { name: "Can't log in?" })).toBeNull();
    expect(localStorage.getItem('login-helper-dismissed')).toBe('true');

    unmount();
    renderPage();
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByRole('heading', { name: "Can't log in?" })).toBeNull();
  });
});
