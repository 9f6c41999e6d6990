import type { Response } from '@playwright/test';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

/** The limit for the script a visitor's browser loads at `/` (ADR 045; scripts/check-budgets.mjs). */
const LANDING_SCRIPT_BUDGET_BYTES = 100_000;

test.describe('the prerendered landing page', () => {
  test('loads less than 100 KB of script until the visitor scrolls to the prices @mobile', async ({
    page,
  }) => {
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts.map(async (r) => (await r.request().sizes()).responseBodySize));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(LANDING_SCRIPT_BUDGET_BYTES);
    // None of it is the app's own entry or the prices' island (React Router's app, the API client, zod).
    const paths = scripts.map((r) => new URL(r.url()).pathname);
    expect(paths.filter((p) => p.startsWith('/assets/index-') || p.includes('pricing-island'))).toEqual([]);
    // The islands are live: the theme button opens its menu.
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.getByRole('menuitem', { name: 'Dark' })).toBeVisible();
    await page.keyboard.press('Escape');
    // Near the prices, their island loads and asks the API.
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await expect(page.getByText('£2.99').first()).toBeVisible();
  });

  test('reads and links without JavaScript: the page is HTML', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'A private journal that stays private' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByRole('heading', { name: 'Simple, honest pricing' })).toBeVisible();
    await page.getByRole('link', { name: 'Log In' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });

  test('a signed-in person at / gets the app: the landing page with their own header', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user, '/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'A private journal that stays private' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    // The app's own entry ran, not the landing page's islands.
    const hasIslands = await page.evaluate(() => document.querySelector('daybook-island') !== null);
    expect(hasIslands).toBe(false);
  });
});
