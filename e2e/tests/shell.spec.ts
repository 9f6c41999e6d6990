import { SHARE_MESSAGES } from '@daybook/shared';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll, expectSideBySide } from '../support/layout.ts';

test.describe('shell', () => {
  test('an unknown path shows the 404 page with a way home @mobile', async ({ page, expectAccessible }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expectAccessible();
    await page.getByRole('link', { name: /home/i }).last().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a page opened by address draws itself first, never its loading skeleton (no layout shift) @mobile', async ({
    page,
  }) => {
    // Records, from before the app's first script, whether the route skeleton ("Loading page…") ever entered
    // the document: before ADR 045's /login change the first render was always the skeleton, then the page.
    await page.addInitScript(() => {
      const seen = { skeleton: false };
      Object.assign(window, { __daybookSkeleton: seen });
      new MutationObserver(() => {
        if (document.querySelector('[role="status"]')?.textContent?.includes('Loading page'))
          seen.skeleton = true;
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/login', '/register', '/about']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { __daybookSkeleton: { skeleton: boolean } }).__daybookSkeleton.skeleton,
        ),
        path,
      ).toBe(false);
    }
  });

  test('the page may compile WebAssembly (private mode’s Argon2id, ADR 089)', async ({ page }) => {
    await page.goto('/login');
    // The smallest WebAssembly module (its magic and version): what hash-wasm's Argon2id does first, in the page's
    // own context, under the Content-Security-Policy the server sends.
    const wasm = await page.evaluate(() =>
      WebAssembly.instantiate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
        () => 'compiled',
        (error: Error) => error.message,
      ),
    );
    // Under `script-src 'self'` alone chromium answers "…violates the following Content Security policy
    // directive…" here. That JavaScript may still not be evaluated is checked on the header (health.test.ts): the
    // test's own evaluation runs outside the page's policy for JavaScript, but not for WebAssembly.
    expect(wasm).toBe('compiled');
  });

  test('the chosen theme survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await page
      .getByRole('menuitem', { name: 'Dark' })
      .or(page.getByRole('menuitemradio', { name: 'Dark' }))
      .first()
      .click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await page
      .getByRole('menuitem', { name: 'Light' })
      .or(page.getByRole('menuitemradio', { name: 'Light' }))
      .first()
      .click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('the share dialog copies the link and says Copied! for two seconds', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await page.getByRole('button', { name: 'Tell others' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (const target of ['Facebook', 'WhatsApp', 'Instagram', 'Gmail', 'Twitter', 'LinkedIn']) {
      await expect(
        dialog
          .getByRole('button', { name: target })
          .or(dialog.getByRole('link', { name: target }))
          .first(),
      ).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Copy Link' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(page.getByText('Link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(page.url()).origin);
    await expect(dialog.getByRole('button', { name: 'Copy Link' })).toBeVisible({ timeout: 4000 });
  });

  test('outbound share targets open in a new window', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Tell others' }).click();
    const dialog = page.getByRole('dialog');
    // Block the real network: we only check that a new window aims at the right place.
    await context.route(/facebook\.com/, (route) => route.fulfill({ status: 200, body: 'ok' }));
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      dialog
        .getByRole('button', { name: 'Facebook' })
        .or(dialog.getByRole('link', { name: 'Facebook' }))
        .first()
        .click(),
    ]);
    expect(popup.url()).toContain('facebook.com');
    await popup.close();
  });

  // One test per page: each runs axe, and six pages in one test outgrew a test's time on a loaded machine.
  for (const [path, heading] of [
    ['/about', /about/i],
    ['/features', /features/i],
    ['/terms', /terms/i],
    ['/privacy', /privacy/i],
    ['/cookies', /cookie/i],
    ['/pricing', /pricing|plan/i],
  ] as const) {
    test(`the informational page ${path} loads with its own title`, async ({ page, expectAccessible }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectAccessible();
      if (path === '/privacy') await expect(page.getByText(/HMAC-SHA256/).first()).toBeVisible();
    });
  }

  test('an informational page lists its sections beside the text at desktop width, above it on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/privacy');
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await expect(contents).toHaveCount(1);
    await expectSideBySide(contents, page.getByRole('heading', { level: 1 }));
    await contents.getByRole('link', { name: 'Your rights' }).click();
    await expect(page).toHaveURL(/#your-rights$/);
    // Still there beside the section the reader has reached.
    await expect(contents).toBeInViewport();
    await page.goto('/about');
    await expectSideBySide(page.getByRole('navigation', { name: 'On this page' }), page.getByRole('article'));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/privacy');
    await expect(contents).toHaveCount(1);
    const [list, heading] = [
      await contents.boundingBox(),
      await page.getByRole('heading', { level: 1 }).boundingBox(),
    ];
    expect(list!.y).toBeGreaterThan(heading!.y);
    await expectNoSidewaysScroll(page);
  });

  test('a share link opened signed out sits centred at a reading width, with one line about Daybook', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/share/no-such-token-0000000000');
    await expect(page.getByText(SHARE_MESSAGES.notFound)).toBeVisible();
    const card = page
      .getByText(SHARE_MESSAGES.notFound)
      .locator('xpath=ancestor::div[contains(@class, "rounded-card")][1]');
    const box = (await card.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - 1366 / 2)).toBeLessThanOrEqual(2);
    expect(box.width).toBeGreaterThan(560);
    expect(box.width).toBeLessThanOrEqual(660);
    const home = page.getByRole('link', { name: 'See how it works' });
    await expect(home).toHaveAttribute('href', '/');
    await expectAccessible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(home).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('the main signed-in pages fit a phone with nothing to scroll sideways to, and stand centred at desktop width', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const user = await createVerifiedUser(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, user);
    for (const path of [
      '/dashboard',
      '/new-entry',
      '/past-entries',
      '/search',
      '/me-ahead',
      '/notifications',
      '/shared',
      '/analytics',
      '/ai-features',
      '/export',
      '/profile',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect
        .poll(async () => page.evaluate(() => document.documentElement.scrollWidth), { message: path })
        .toBeLessThanOrEqual(390);
    }
    // At desktop width a one-column page stands in the middle, not against the left edge with a third left empty.
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const path of ['/past-entries', '/search']) {
      await page.goto(path);
      const column = page.getByRole('heading', { level: 1 }).locator('xpath=../..');
      const box = (await column.boundingBox())!;
      expect(Math.abs(box.x + box.width / 2 - 683), path).toBeLessThanOrEqual(8);
    }
  });

  test('the API reference is served at /api/docs', async ({ page }) => {
    const response = await page.goto('/api/docs/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#swagger-ui')).toBeVisible();
  });
});
