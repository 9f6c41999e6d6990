import { AUTH_MESSAGES, PRIVATE_MODE_COPY, type PricingResponse } from '@daybook/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import RegisterPage from './pages/RegisterPage.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const PASSWORD = 'Quiet-River-42';
const pricing: PricingResponse = {
  planId: 'premium',
  planName: 'Premium',
  currency: 'USD',
  monthly: { priceId: 'm', amount: 399, currency: 'USD', interval: 'month' },
  annual: { priceId: 'y', amount: 3990, currency: 'USD', interval: 'year' },
};

function renderPage(path = '/register') {
  return renderWithProviders(<RegisterPage />, {
    path,
    routes: [{ path: '/login', element: <h1>Login page</h1> }],
  });
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
const strengthBar = () => screen.getByRole('progressbar', { name: 'Password strength' });

function fillValidForm(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'Full name': 'Grace Hopper',
    Email: 'Grace@Example.com',
    Password: PASSWORD,
    'Confirm password': PASSWORD,
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) fill(label, value ?? '');
  fireEvent.click(
    screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }),
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(submitButton());
  });
}

describe('Register: password strength and the submit rules', () => {
  beforeEach(() => {
    stubApi({ 'GET /api/pricing': json(pricing) });
  });

  it('labels every field and sets the minimum password length', () => {
    renderPage();
    for (const label of ['Full name', 'Email', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByLabelText('Password').getAttribute('minLength')).toBe('8');
    expect(screen.getByLabelText('Confirm password').getAttribute('minLength')).toBe('8');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it.each([
    ['abc', 33, 'Weak'],
    ['lowercaseonly', 33, 'Weak'],
    ['lowercase1', 66, 'Medium'],
    ['Uppercase', 66, 'Medium'],
    ['Upper case1!', 100, 'Strong'],
  ])('draws %j as a %i%% bar labelled %s', (password, width, label) => {
    renderPage();
    fill('Password', password);
    const bar = strengthBar();
    expect(bar.getAttribute('aria-valuenow')).toBe(String(width));
    expect(bar.getAttribute('aria-valuetext')).toBe(label);
    expect((bar.firstElementChild as HTMLElement).style.width).toBe(`${width}%`);
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('lists each broken rule while it is broken, and the password is described by them', () => {
    renderPage();
    fill('Password', 'abc');
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordNeedsUppercase)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordNeedsNumber)).toBeTruthy();
    const describedBy = screen.getByLabelText('Password').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain(AUTH_MESSAGES.passwordTooShort);

    fill('Password', 'Abcdefgh1');
    expect(screen.queryByText(AUTH_MESSAGES.passwordTooShort)).toBeNull();
    expect(screen.queryByText(AUTH_MESSAGES.passwordNeedsUppercase)).toBeNull();
    expect(screen.queryByText(AUTH_MESSAGES.passwordNeedsNumber)).toBeNull();
  });

  it('keeps "Create Account" disabled while terms are unticked, passwords differ or the password is weak', () => {
    renderPage();
    expect(submitButton().disabled).toBe(true);

    fillValidForm();
    expect(submitButton().disabled).toBe(false);

    fireEvent.click(screen.getByRole('checkbox'));
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(submitButton().disabled).toBe(false);

    fill('Confirm password', `${PASSWORD}x`);
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    fill('Confirm password', PASSWORD);
    expect(submitButton().disabled).toBe(false);

    fill('Password', 'weakpass');
    fill('Confirm password', 'weakpass');
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().getAttribute('aria-describedby')).toBeTruthy();
  });

  it('preselects Premium with ?intent=premium and shows live prices for either period', async () => {
    renderPage('/register?intent=premium');
    const premium = screen.getByRole('radio', { name: 'Premium' }) as HTMLInputElement;
    expect(premium.checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Starter' }) as HTMLInputElement).checked).toBe(false);
    expect(await screen.findByText('$3.99')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));
    expect(screen.getByText('$39.90')).toBeTruthy();
  });

  it("says 'Unavailable' when prices cannot be loaded", async () => {
    stubApi({ 'GET /api/pricing': apiError(404, 'NO_PRICING_DATA', 'No pricing data available') });
    renderPage();
    expect(await screen.findByText('Unavailable')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Starter' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('Register: what the server answers', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
    vi.mocked(toast.warning).mockClear();
  });

  it('opens "Check Your Email" on success, remembers the plan choice and sends the chosen plan', async () => {
    const fetchMock = stubApi({
      'GET /api/pricing': json(pricing),
      'POST /api/auth/register': json(
        { status: 'verification_sent', email: 'grace@example.com', intentSaved: true },
        201,
      ),
    });
    renderPage('/register?intent=premium');
    fillValidForm();
    await submit();

    const dialog = await screen.findByRole('dialog', { name: 'Check Your Email' });
    expect(within(dialog).getByText('grace@example.com')).toBeTruthy();
    expect(dialog.textContent).toContain('We sent a confirmation link to grace@example.com.');
    expect(dialog.textContent).toContain('expires in 1 hour');
    expect(dialog.textContent).toContain('within 2 minutes');
    expect(dialog.textContent).toContain(AUTH_MESSAGES.spamFolderHint);
    expect(within(dialog).queryByRole('link', { name: 'local mailbox' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Resend verification e-mail' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(toast.warning).not.toHaveBeenCalled();

    expect(localStorage.getItem('registration_plan_choice')).toBe('premium');
    expect(Number.isNaN(Date.parse(localStorage.getItem('registration_date') ?? ''))).toBe(false);
    expect(callsTo(fetchMock, 'POST /api/auth/register')[0]).toMatchObject({
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      plan: 'premium',
      billingCycle: 'month',
    });
  });

  it('offers Standard (chosen) or Private mode with one honest line each, and keeps the choice here, unsent', async () => {
    const fetchMock = stubApi({
      'GET /api/pricing': json(pricing),
      'POST /api/auth/register': json(
        { status: 'verification_sent', email: 'grace@example.com', intentSaved: true },
        201,
      ),
    });
    renderPage();
    const standard = screen.getByRole('radio', { name: 'Standard' }) as HTMLInputElement;
    const privateMode = screen.getByRole('radio', { name: 'Private mode' }) as HTMLInputElement;
    expect(standard.checked).toBe(true);
    expect(document.getElementById(privateMode.getAttribute('aria-describedby')!)?.textContent).toBe(
      PRIVATE_MODE_COPY.privateChoice,
    );
    fireEvent.click(privateMode);
    fillValidForm();
    await submit();
    await screen.findByRole('dialog', { name: 'Check Your Email' });

    expect(localStorage.getItem('registration_private_mode')).toBe('private');
    expect(callsTo(fetchMock, 'POST /api/auth/register')[0]).not.toHaveProperty('encryption');
  });

  it('points to the local mailbox only when the server says it serves this browser one', async () => {
    stubApi({
      'GET /api/pricing': json(pricing),
      'POST /api/auth/register': json(
        { status: 'verification_sent', email: 'grace@example.com', intentSaved: true, localMailbox: true },
        201,
      ),
    });
    renderPage('/register');
    fillValidForm();
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Check Your Email' });
    expect(within(dialog).getByRole('link', { name: 'local mailbox' }).getAttribute('href')).toBe(
      '/dev/mail',
    );
    expect(dialog.textContent).toContain('This server sends no real e-mail yet (no SMTP_URL)');
    expect(dialog.textContent).not.toContain(AUTH_MESSAGES.spamFolderHint);
  });

  it('warns when the Premium choice could not be saved', async () => {
    stubApi({
      'GET /api/pricing': json(pricing),
      'POST /api/auth/register': json(
        { status: 'verification_sent', email: 'grace@example.com', intentSaved: false },
        201,
      ),
    });
    renderPage('/register?intent=premium');
    fillValidForm();
    await submit();
    await screen.findByRole('dialog', { name: 'Check Your Email' });
    expect(toast.warning).toHaveBeenCalledWith(AUTH_MESSAGES.premiumIntentNotSaved);
  });

  it('EMAIL_ALREADY_EXISTS: an error toast for 6 seconds with a way to the login page', async () => {
    stubApi({
      'GET /api/pricing': json(pricing),
      'POST /api/auth/register': apiError(409, 'EMAIL_ALREADY_EXISTS', AUTH_MESSAGES.emailAlreadyExists),
    });
    const { router } = renderPage();
    fillValidForm();
    await submit();

    expect(toast.error).toHaveBeenCalledWith(
      AUTH_MESSAGES.emailAlreadyExists,
      expect.objectContaining({ duration: 6000, action: expect.objectContaining({ label: 'Go to Login' }) }),
    );
    const options = vi.mocked(toast.error).mock.calls[0]?.[1] as unknown as {
      action: { onClick: () => void };
    };
    await act(async () => options.action.onClick());
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('EMAIL_NOT_CONFIRMED: a toast for 8 seconds with the spam hint, and a resend button', async () => {
    const fetchMock = stubApi({
      'GET /api/pricing': json(pricing),
      'POST /api/auth/register': apiError(409, 'EMAIL_NOT_CONFIRMED', AUTH_MESSAGES.emailNotConfirmed),
      'POST /api/auth/resend-verification': json({ ok: true, message: AUTH_MESSAGES.verificationSent }),
    });
    renderPage();
    fillValidForm();
    await submit();

    expect(toast.error).toHaveBeenCalledWith(AUTH_MESSAGES.emailNotConfirmed, {
      description: AUTH_MESSAGES.spamFolderHint,
      duration: 8000,
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    });
    expect(callsTo(fetchMock, 'POST /api/auth/resend-verification')).toEqual([
      { email: 'grace@example.com' },
    ]);
    expect(toast.success).toHaveBeenCalledWith(AUTH_MESSAGES.verificationSent, expect.anything());
  });

  it("puts the server's field errors under their fields", async () => {
    stubApi({
      'GET /api/pricing': json(pricing),
      'POST /api/auth/register': apiError(400, 'VALIDATION_FAILED', 'Invalid input', {
        fields: { password: AUTH_MESSAGES.passwordTooCommon },
      }),
    });
    renderPage();
    fillValidForm();
    await submit();

    const message = await screen.findByText(AUTH_MESSAGES.passwordTooCommon);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says registration failed on any other answer', async () => {
    stubApi({
      'GET /api/pricing': json(pricing),
      'POST /api/auth/register': apiError(500, 'INTERNAL', 'Boom'),
    });
    renderPage();
    fillValidForm();
    await submit();
    expect(toast.error).toHaveBeenCalledWith(AUTH_MESSAGES.registrationFailed, expect.anything());
  });
});
