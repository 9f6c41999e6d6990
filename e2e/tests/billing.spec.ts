import { BILLING_MESSAGES, ENTRY_MESSAGES, TEST_CARDS } from '@daybook/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedUser, mailTo, newEmail, PASSWORD, signInAs } from '../support/accounts.ts';
import { confirmAddress } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';

const CHECKOUT_URL = /\/checkout\/[^/]+$/;
/** After a full page load (back from checkout, a reload), on a machine shared by many runs. */
const AFTER_LOAD = { timeout: 20_000 };

/** Screenshots for a person to look at (the test run's output directory), at a phone's and a laptop's width. */
async function screenshotAtBothWidths(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await lookAt(page, test.info().outputPath(`${name}-${width}.png`), { fullPage: false });
  }
  if (original) await page.setViewportSize(original);
}

/** Fills the local test checkout's card form and pays. */
async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Name on card').fill('Grace Hopper');
  await page.getByLabel('Card number', { exact: true }).fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** A verified account whose registration chose Premium: the server keeps the intent. */
async function createPremiumIntentUser(request: APIRequestContext) {
  const email = newEmail('intent');
  const response = await request.post('/api/auth/register', {
    data: {
      fullName: 'Grace Hopper',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      plan: 'premium',
    },
  });
  expect(response.status()).toBe(201);
  expect(((await response.json()) as { intentSaved: boolean }).intentSaved).toBe(true);
  await confirmAddress(email);
  return { email, password: PASSWORD };
}

/** A signed-in user buys Premium through the local checkout ("Go Premium" on /pricing). */
async function buyPremium(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Go Premium' }).first().click();
  await expect(page).toHaveURL(CHECKOUT_URL, AFTER_LOAD);
  await payWith(page, TEST_CARDS.success);
  await expect(page.getByText(BILLING_MESSAGES.welcomeToPremium, { exact: true })).toBeVisible(AFTER_LOAD);
  const celebration = page.getByRole('dialog', { name: 'Welcome to Premium!' });
  await expect(celebration).toBeVisible(AFTER_LOAD);
  await celebration.getByRole('button', { name: 'Start Exploring' }).click();
  await expect(celebration).toBeHidden();
}

test.describe('plans and billing', () => {
  test.describe.configure({ timeout: 120_000 });
  test('register choosing Premium → confirm → sign in → test checkout with 4242… → Premium unlocked', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const email = newEmail('premium');
    await page.goto('/register?intent=premium');
    await expect(page.getByRole('radio', { name: 'Premium' })).toBeChecked();
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Check Your Email' })).toBeVisible();

    // The link is opened elsewhere (its own cookie jar): the address is confirmed, this browser stays signed out.
    const mail = await mailTo(request, email, /Confirm your e-mail/);
    const confirmed = await request.get(mail.links[0]!);
    expect(confirmed.ok()).toBe(true);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();

    // The first sign-in after confirming goes on to checkout: the local one, which takes no money.
    await expect(page).toHaveURL(CHECKOUT_URL, AFTER_LOAD);
    await expect(
      page.getByRole('heading', { level: 1, name: BILLING_MESSAGES.localCheckoutTitle }),
    ).toBeVisible();
    await expect(page.getByText(BILLING_MESSAGES.localCheckoutNotice)).toBeVisible();
    await expect(page.getByText('Daybook Premium')).toBeVisible();
    await expect(page.getByText(TEST_CARDS.success, { exact: true })).toBeVisible();
    await expect(page.getByText(TEST_CARDS.declined, { exact: true })).toBeVisible();
    await expectAccessible();
    await screenshotAtBothWidths(page, 'checkout-page');

    await payWith(page, TEST_CARDS.success);
    await expect(page).toHaveURL(/\/dashboard$/, AFTER_LOAD);
    await expect(page.getByText(BILLING_MESSAGES.welcomeToPremium, { exact: true })).toBeVisible(AFTER_LOAD);
    const celebration = page.getByRole('dialog', { name: 'Welcome to Premium!' });
    await expect(celebration).toBeVisible(AFTER_LOAD);
    await celebration.getByRole('button', { name: 'Start Exploring' }).click();
    await expect(celebration).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Complete Your Premium Journey' })).toHaveCount(0);

    // Audio and video unlocked.
    await page.getByRole('textbox', { name: "What's on your mind?" }).click();
    await page.getByRole('button', { name: 'Attach media' }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('tab', { name: 'Audio' })).toBeEnabled();
    await expect(panel.getByRole('tab', { name: 'Video' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // The share action too.
    const text = 'Bought Premium today.';
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.fill(text);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: text });
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Share with someone new' })).toBeVisible();
  });

  test('the declined test card shows the error and leaves the user on Free; Cancel goes back', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user, '/pricing');
    // Signed in, "Go Premium" starts checkout rather than looping back.
    await page.getByRole('link', { name: 'Go Premium' }).first().click();
    await expect(page).toHaveURL(CHECKOUT_URL, AFTER_LOAD);
    await payWith(page, TEST_CARDS.declined);
    await expect(page.getByRole('alert').filter({ hasText: BILLING_MESSAGES.cardDeclined })).toBeVisible();
    await expect(page).toHaveURL(CHECKOUT_URL, AFTER_LOAD);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, AFTER_LOAD);
    await page.goto('/profile#subscription');
    const section = page.locator('#subscription');
    await expect(section.getByText('Free', { exact: true })).toBeVisible(AFTER_LOAD);
    await expect(section.getByRole('button', { name: 'See Premium plans' })).toBeVisible();
  });

  test('cancel at the period end from the profile, then resume', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user, '/dashboard');
    await buyPremium(page);

    await page.goto('/profile#subscription');
    const section = page.locator('#subscription');
    await expect(section.getByText('Premium', { exact: true })).toBeVisible(AFTER_LOAD);
    await expect(section.getByText('Renews on')).toBeVisible();
    await expectAccessible();

    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(confirm).toBeHidden();
    await expect(section.getByText('Ends on')).toBeVisible();
    await expect(section.getByText(/will not renew/)).toBeVisible();
    // Still Premium until the end of the period.
    await expect(section.getByText('Premium', { exact: true })).toBeVisible();
    await expectAccessible();

    await section.getByRole('button', { name: 'Resume subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Resume your subscription?' })
      .getByRole('button', { name: 'Resume subscription' })
      .click();
    await expect(section.getByText('Renews on')).toBeVisible();
  });

  test('Premium chosen but not bought: the overlay, then the banner, snoozed for a day', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createPremiumIntentUser(request);
    await signInAs(page, user, '/dashboard');
    const overlay = page.getByRole('dialog', { name: 'Complete Your Premium Journey' });
    // The plan pieces load after the journal (a chunk of their own): slower on a loaded machine.
    await expect(overlay).toBeVisible(AFTER_LOAD);
    await expect(overlay.getByRole('button', { name: 'Complete Checkout Now' })).toBeVisible();
    await expect(overlay.getByText(/card payment provider/)).toBeVisible();
    await expectAccessible();
    await screenshotAtBothWidths(page, 'checkout-overlay');

    await overlay.getByRole('button', { name: 'Continue on Free for now' }).click();
    const banner = page.getByRole('region', { name: 'Complete Your Premium Signup' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Remind me later' }).click();
    await expect(banner).toBeHidden();
    const until = await page.evaluate(() => localStorage.getItem('premium_banner_dismissed_until'));
    expect(Date.parse(until ?? '') - Date.now()).toBeGreaterThan(23 * 60 * 60_000);

    // "Complete Checkout Now" from the overlay reaches the checkout.
    await page.reload();
    await page
      .getByRole('dialog', { name: 'Complete Your Premium Journey' })
      .getByRole('button', { name: 'Complete Checkout Now' })
      .click();
    await expect(page).toHaveURL(CHECKOUT_URL, AFTER_LOAD);
  });

  test('a new Free member sees the welcome card, with the Premium price, until dismissed', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user, '/dashboard');
    const card = page.getByRole('region', { name: 'Welcome to Daybook' });
    await expect(card).toBeVisible(AFTER_LOAD);
    await expect(card.getByRole('listitem')).toHaveCount(5);
    // The price is asked for once the card shows, behind the dashboard's own first requests.
    await expect(card.getByText(/^from £\d+\.\d{2}\/mo$/)).toBeVisible(AFTER_LOAD);
    await expect(card.getByRole('link', { name: 'Explore Premium' })).toHaveAttribute(
      'href',
      '/profile#subscription',
    );
    await expectAccessible();
    await screenshotAtBothWidths(page, 'welcome-card');

    await card.getByRole('button', { name: 'Dismiss welcome card' }).click();
    await expect(card).toBeHidden();
    await page.reload();
    await expect(page.getByText(/Welcome, /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Welcome to Daybook' })).toHaveCount(0);
  });
});
