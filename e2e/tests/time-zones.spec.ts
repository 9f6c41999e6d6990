import { ENTRY_MESSAGES } from '@daybook/shared';
import type { Page } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts.ts';
import { storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

/** The account's zone, set as the profile page sets it, before the page opens (so no detected zone replaces it). */
async function signInWithZone(page: Page, user: { email: string; password: string }, timezone: string) {
  expect((await page.request.post('/api/auth/sign-in', { data: user })).status()).toBe(200);
  expect((await page.request.patch('/api/me', { data: { timezone } })).status()).toBe(200);
  await page.goto('/dashboard');
}

async function write(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: "What's on your mind?" });
  await box.click();
  await box.fill(text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();
}

/** "21:30 GMT-4": the card's time as an en-GB browser writes it, on the clock of `timeZone` (ADR 066). */
const clockIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(instant);

test.describe('the writer’s time zone', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test('an entry written in New York keeps New York’s time, named, on a dashboard set to Paris', async ({
    browser,
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    // Written on a trip: the browser is in New York, the account stays in Paris.
    const travelling = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: 'en-GB',
      timezoneId: 'America/New_York',
    });
    const away = await travelling.newPage();
    await signInWithZone(away, user, 'Europe/Paris');
    await write(away, 'Fireworks over the Hudson');
    await expect(away.getByRole('article').filter({ hasText: 'Fireworks over the Hudson' })).toBeVisible();
    await travelling.close();

    const [row] = await storedRows(
      'select e.time_zone, e.created_at from entries e join users u on u.id = e.user_id where u.email = $1',
      [user.email],
    );
    expect(row).toMatchObject({ time_zone: 'America/New_York' });
    const writtenAt = new Date(String(row!.created_at));

    // Back home, in Paris: the entry is told on New York's clock and says so; one written here is not named.
    await signInWithZone(page, user, 'Europe/Paris');
    await write(page, 'Home again, unpacking');
    const fromNewYork = page.getByRole('article').filter({ hasText: 'Fireworks over the Hudson' });
    await expect(fromNewYork.locator('time')).toHaveText(clockIn(writtenAt, 'America/New_York'));
    // Its date is written the en-GB way too, not the US way beside an en-GB time (ADR 085).
    const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'America/New_York' });
    await expect(fromNewYork).toHaveAccessibleName(
      `Entry from ${longDate.format(writtenAt)} at ${clockIn(writtenAt, 'America/New_York')}`,
    );
    const fromHome = page.getByRole('article').filter({ hasText: 'Home again, unpacking' });
    await expect(fromHome.locator('time')).toHaveText(/^\d{2}:\d{2}$/);
  });
});
