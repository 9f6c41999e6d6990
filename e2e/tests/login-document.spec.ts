import type { Response } from '@playwright/test';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

/** The login form's own script, held back by a test to play a visitor who types before it has run (ADR 049). */
const FORM_ISLAND_SCRIPT = /\/assets\/prerendered\/form-island-[\w-]+\.js$/;

test.describe('the prerendered login page', () => {
  test('a visitor gets the form as HTML, keeps what they typed before its script ran, and signs in @mobile', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);

    // The answer to a visitor is the page itself: the form is in the HTML, before any script.
    const answer = await request.get('/login', { headers: { cookie: '' } });
    const html = await answer.text();
    expect(answer.headers().vary).toMatch(/cookie/i);
    expect(html).toContain('<title>Log In · Daybook</title>');
    expect(html).toMatch(/<daybook-island data-island="login-form"[^>]*><form[^>]*>.*type="email"/s);
    expect(html).toContain('Welcome back');

    let releaseForm = () => {};
    const formHeld = new Promise<void>((resolve) => {
      releaseForm = resolve;
    });
    await page.route(FORM_ISLAND_SCRIPT, async (route) => {
      await formHeld;
      await route.continue();
    });
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    // Typed while the form's script is still on its way; the button waits for it (a submit now would be the
    // browser's own, with the password in the address).
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    const logIn = page.getByRole('button', { name: 'Log In' });
    await expect(logIn).toBeDisabled();
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/login$/);

    releaseForm();
    await expect(logIn).toBeEnabled();
    // Hydrated, not drawn anew: what was typed is still there.
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Password')).toHaveValue(user.password);
    await expectAccessible();
    // None of the app's own script came with the page.
    expect(
      scripts.map((r) => new URL(r.url()).pathname).filter((p) => p.startsWith('/assets/index-')),
    ).toEqual([]);

    await logIn.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Ada')).toBeVisible();
  });

  test('says "Can\'t log in?" after 10 seconds, with its links', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: "Can't log in?" })).toHaveCount(0);
    await page.clock.fastForward(10_000);
    await expect(page.getByRole('heading', { name: "Can't log in?" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    await page.getByRole('button', { name: 'Dismiss help' }).click();
    await expect(page.getByRole('heading', { name: "Can't log in?" })).toHaveCount(0);
  });

  test('an address that changes the page gets the app, as does a signed-in browser', async ({
    page,
    request,
  }) => {
    await page.goto('/login?intent=premium');
    await expect(page.getByRole('heading', { level: 1, name: 'Login to Upgrade' })).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('daybook-island') !== null)).toBe(false);

    const user = await createVerifiedUser(request);
    await signInAs(page, user, '/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
