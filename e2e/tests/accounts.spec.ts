import { AUTH_MESSAGES, BILLING_MESSAGES } from '@daybook/shared';
import {
  createVerifiedUser,
  mailTo,
  newEmail,
  PASSWORD,
  pathOf,
  registerThroughForm,
  signInAs,
} from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

/** After a full page load, on a machine shared by many runs (as billing.spec.ts waits). */
const AFTER_LOAD = { timeout: 30_000 };

test.describe('accounts', () => {
  test('register → confirm from the local mailbox → land on the dashboard signed in', async ({
    page,
    expectAccessible,
  }) => {
    const email = newEmail('register');
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await expectAccessible();
    await page.getByRole('button', { name: 'Create Account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Check Your Email' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(email);
    // Development without SMTP, from this machine: the message is in the local mailbox, and the dialog says so.
    await expect(dialog.getByRole('link', { name: 'local mailbox' })).toHaveAttribute('href', '/dev/mail');

    const mail = await mailTo(page.request, email, /Confirm your e-mail/);
    await page.goto(pathOf(mail.links[0]!));
    // Signed in by the link, on the dashboard, whose app drops the link's `confirmed` from the address once it
    // has loaded (on a machine shared by many runs, that can take a while).
    await expect(page).toHaveURL(/\/dashboard$/, AFTER_LOAD);
    await expect(page.getByText('Welcome, Grace')).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
  });

  test('register choosing Premium → the confirmation link signs in, lands on the dashboard, then checkout after 0.5 s', async ({
    page,
  }) => {
    const email = newEmail('premium-link');
    await registerThroughForm(page, { fullName: 'Grace Hopper', email }, '/register?intent=premium');
    expect(await page.evaluate(() => localStorage.getItem('registration_plan_choice'))).toBe('premium');

    const mail = await mailTo(page.request, email, /Confirm your e-mail/);
    const landings: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) landings.push(new URL(frame.url()).pathname);
    });
    await page.goto(pathOf(mail.links[0]!));
    // docs/product/plans-billing.md#plans-intent: a sign-up with a session and the Premium intent goes on to checkout (the local one here).
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/, AFTER_LOAD);
    await expect(
      page.getByRole('heading', { level: 1, name: BILLING_MESSAGES.localCheckoutTitle }),
    ).toBeVisible();
    expect(landings[0]).toBe('/dashboard');
    // Signed in: back from checkout without paying, the dashboard is there, the overlay offering it again.
    await page.goto('/dashboard');
    await expect(page.getByText('Welcome, Grace')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Complete Your Premium Journey' })).toBeVisible(AFTER_LOAD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the confirmation link opened in another browser confirms, and the login form has the address', async ({
    page,
    request,
  }) => {
    // Registered elsewhere (the `request` fixture has its own cookies): this browser is not the registering one.
    const email = newEmail('elsewhere');
    const registered = await request.post('/api/auth/register', {
      data: {
        fullName: 'Ada Lovelace',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      },
    });
    expect(registered.status()).toBe(201);
    const mail = await mailTo(request, email, /Confirm your e-mail/);
    await page.goto(pathOf(mail.links[0]!));
    await expect(page).toHaveURL(/\/login\?verified=1/);
    await expect(page.getByText('Email confirmed')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Ada')).toBeVisible();
  });

  test('a signed-out visitor is sent to /login and back afterwards', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('wrong passwords show the remaining attempts, then the lockout', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    const submitWrong = async () => {
      await page.getByLabel('Password').fill('Wrong-Password-1');
      await page.getByRole('button', { name: 'Log In' }).click();
    };
    await submitWrong();
    await expect(page.getByText(AUTH_MESSAGES.invalidCredentials).first()).toBeVisible();
    await expect(page.getByText(/remaining before lockout/)).toHaveCount(0);
    await submitWrong();
    await submitWrong();
    await expect(page.getByText(AUTH_MESSAGES.attemptsRemaining(2))).toBeVisible();
    await submitWrong();
    await expect(page.getByText(AUTH_MESSAGES.attemptsRemaining(1))).toBeVisible();
    await submitWrong();
    await expect(page.getByText(AUTH_MESSAGES.lockedOut(15)).first()).toBeVisible();
    await expect(page.getByText(AUTH_MESSAGES.lockedOutToast)).toBeVisible();
    // Even the right password is refused while locked.
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('password reset through the mailbox', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(AUTH_MESSAGES.resetRequested)).toBeVisible();

    const mail = await mailTo(page.request, user.email, /Reset your/);
    await page.goto(pathOf(mail.links[0]!));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    const newPassword = 'Brand-New-River-7';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login/);

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test('schedule deletion → banner with days remaining → cancel', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user, '/profile#delete-account');
    await expect(page.locator('#delete-account')).toBeInViewport();
    await expectAccessible();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Taking a break');
    await dialog.getByRole('button', { name: 'Schedule deletion' }).click();
    await expect(page.getByText('Account deletion scheduled', { exact: true }).first()).toBeVisible();

    await page.goto('/dashboard');
    await expect(
      page.getByText(/Account deletion scheduled for \d{1,2} [A-Z][a-z]{2,3} \d{4}/),
    ).toBeVisible();
    await expect(page.getByText('30 days remaining')).toBeVisible();

    await page
      .getByRole('link', { name: /Review|Manage/ })
      .or(page.getByRole('button', { name: /Review|Manage/ }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/profile#delete-account/);
    await page.getByRole('button', { name: 'Cancel deletion' }).click();
    await expect(page.getByText('Your account and data are safe.')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByText(/Account deletion scheduled for/)).toHaveCount(0);
  });

  test('signing out in one tab sends the other tab to /login', async ({ page, context, request }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user, '/profile');
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(other.getByText(/Welcome, /)).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(other).toHaveURL(/\/login/);
  });
});
