import { format, subDays } from 'date-fns';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { ANALYTICS_USER } from '../support/fixture-users.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = process.env.ANALYTICS_SHOTS_DIR;

test.describe('analytics', () => {
  test('charts and the year in pixels come from entries decrypted in the browser; the grid works by keyboard @mobile', async ({
    page,
    expectAccessible,
  }) => {
    // Decrypting, two axe runs and four full-page screenshots on a shared 2-core machine.
    test.setTimeout(180_000);
    await signInAs(page, ANALYTICS_USER, '/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

    // Last 30 days (today and the 29 before it): 29 of the seeded 40, one a day, none today.
    const stats = page.getByRole('definition');
    await expect(stats.first()).toHaveText('29', { timeout: 20_000 });
    for (const title of [
      'Mood over time',
      'Mood distribution',
      'Entries per weekday',
      'Entries per hour',
      'Words written per week',
      'Streak history',
      'Most-used themes',
    ]) {
      // The charts' code is a chunk of its own: on a busy machine it can arrive after the numbers.
      await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
    }
    // The themes come from the decrypted text: only the browser can have read "#garden".
    await expect(page.getByText('Your top theme is #garden.')).toBeVisible();
    await expect(page.getByTestId('analytics-charts').locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByText('Longest streak: 29 days.')).toBeVisible();
    // Every entry was written at 09:00 UTC, the seeded user's zone.
    await expect(page.getByText('Your busiest hour is 09:00, in your time zone.')).toBeVisible();

    // All time: all 40, and the longest streak follows the period.
    await page.getByRole('radio', { name: 'All' }).click();
    await expect(stats.first()).toHaveText('40');
    await expect(page.getByText('Longest streak: 40 days.')).toBeVisible();
    await expect(page).toHaveURL(/period=all/);

    // The year in pixels: one tab stop, today first; arrows move by day and by month.
    const grid = page.getByRole('grid', { name: /^Year in pixels/ });
    await expect(grid).toBeVisible();
    const today = new Date();
    const yesterday = subDays(today, 1);
    // "Tuesday, 3 March 2026": the day as an en-GB browser writes it (ADR 085).
    const label = (date: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'full' }).format(date);
    const todayCell = grid.getByRole('gridcell', { name: new RegExp(`^${label(today)}: no entry`) });
    await expect(todayCell).toHaveAttribute('tabindex', '0');
    await expect(grid.locator('td[tabindex="0"]')).toHaveCount(1);
    await todayCell.focus();
    if (yesterday.getFullYear() === today.getFullYear()) {
      await page.keyboard.press('ArrowLeft');
      const focused = page.locator(':focus');
      await expect(focused).toHaveAttribute(
        'aria-label',
        new RegExp(`^${label(yesterday)}: \\w+ \\((positive|neutral|negative)\\), 1 entry$`),
      );
      await expect(focused).toHaveAttribute('tabindex', '0');
      await page.keyboard.press('ArrowRight');
      await expect(page.locator(':focus')).toHaveAttribute('aria-label', new RegExp(`^${label(today)}`));
    }
    await page.keyboard.press('Home');
    await expect(page.locator(':focus')).toHaveAttribute('data-date', format(today, 'yyyy-MM-01'));
    if (today.getMonth() > 0) {
      await page.keyboard.press('ArrowUp');
      await expect(page.locator(':focus')).toHaveAttribute(
        'data-date',
        format(new Date(today.getFullYear(), today.getMonth() - 1, 1), 'yyyy-MM-dd'),
      );
    }
    // A seeded day is coloured by its mood.
    const seeded = grid.locator(`[data-date="${format(subDays(today, 3), 'yyyy-MM-dd')}"]`);
    if (subDays(today, 3).getFullYear() === today.getFullYear()) {
      await expect(seeded).toHaveAttribute('data-mood', /positive|neutral|negative/);
    }
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Positive mood');
    await expectAccessible();

    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expectAccessible();
  });

  test('screenshots in light and dark, for a person to look at (ANALYTICS_SHOTS_DIR) @mobile', async ({
    page,
  }) => {
    test.skip(!SHOTS, 'set ANALYTICS_SHOTS_DIR to take them');
    test.setTimeout(120_000);
    await signInAs(page, ANALYTICS_USER, '/analytics?period=all');
    await expect(page.getByText('Your top theme is #garden.')).toBeVisible({ timeout: 30_000 });
    const viewport = page.viewportSize()!;
    const pixels = page.getByRole('region', { name: 'Year in pixels' });
    await page.screenshot({ path: `${SHOTS}/analytics-${viewport.width}-light.png`, fullPage: true });
    await pixels.screenshot({ path: `${SHOTS}/pixels-${viewport.width}-light.png` });
    await page.evaluate(() => {
      localStorage.setItem('theme', 'dark');
      document.documentElement.classList.add('dark');
    });
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.screenshot({ path: `${SHOTS}/analytics-${viewport.width}-dark.png`, fullPage: true });
    await pixels.screenshot({ path: `${SHOTS}/pixels-${viewport.width}-dark.png` });
  });

  test('a new user sees an empty state that leads to writing', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user, '/analytics');
    await expect(page.getByRole('heading', { name: 'Nothing to chart yet' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('link', { name: 'Write an entry' })).toHaveAttribute('href', '/dashboard');
    await expectAccessible();
  });
});
