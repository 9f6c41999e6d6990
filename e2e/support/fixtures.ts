import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page fails its test on an unexpected console error or uncaught exception (STYLE.md),
 * and `expectAccessible` runs axe and fails on serious or critical violations.
 */
export const test = base.extend<{
  consoleErrors: string[];
  expectAccessible: (page?: Page) => Promise<void>;
}>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // Chromium logs every 4xx response itself; the API answers 401/409/423… by design (wrong password,
        // lockout, taken address). Server errors (5xx) and anything our code logs still fail the test.
        const isExpectedClientError =
          /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
        if (message.type() === 'error' && !isExpectedClientError) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // Axe measures colours as drawn: a theme or hover transition still running (a busy machine draws it for
      // longer) shows half-way colours. It reads the page once the finite animations have settled.
      await target.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      const results = await new AxeBuilder({ page: target }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
        'serious accessibility violations',
      ).toEqual([]);
    });
  },
});

export { expect };
