import { REMINDER_MESSAGES } from '@daybook/shared';
import type { Page, TestInfo } from '@playwright/test';
import { createVerifiedUser, mailTo, pathOf, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';

const reminderSection = (page: Page) => page.getByRole('region', { name: 'Daily reminder' });

/** The section at both widths in both themes, to look at (not compared). */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await lookAt(page, testInfo.outputPath(`${name}-${width}-${colorScheme}.png`), {
        fullPage: width === 390,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe('daily reminders', () => {
  test('set in the profile with the keyboard-usable controls, and still set after a reload', async ({
    page,
    request,
    expectAccessible,
  }, testInfo) => {
    const user = await createVerifiedUser(request, 'Rita Reminder');
    await signInAs(page, user, '/profile#reminders');
    const section = reminderSection(page);
    const toggle = section.getByRole('switch', { name: 'Remind me to write' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(section.getByLabel('Time')).toBeDisabled();

    await toggle.click();
    await section.getByLabel('Time').fill('07:45');
    // Weekdays only: Saturday by click, Sunday by keyboard.
    await section.getByRole('button', { name: 'Saturday' }).click();
    await section.getByRole('button', { name: 'Sunday' }).focus();
    await page.keyboard.press('Space');
    await expect(section.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
    await expect(section.getByText('Weekdays', { exact: true })).toBeVisible();
    await section.getByRole('checkbox', { name: /In-app notification/ }).uncheck();
    await expectAccessible();
    await section.getByRole('button', { name: 'Save reminder' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Saved. Next reminder:' })).toBeVisible();
    await expect(page.getByText(REMINDER_MESSAGES.saved)).toBeVisible();
    await screenshots(page, testInfo, 'reminder-section');

    await page.reload();
    const reloaded = reminderSection(page);
    await expect(reloaded.getByRole('switch', { name: 'Remind me to write' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(reloaded.getByLabel('Time')).toHaveValue('07:45');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await expect(reloaded.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
    for (const day of ['Saturday', 'Sunday'])
      await expect(reloaded.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'false');
    await expect(reloaded.getByRole('checkbox', { name: /E-mail/ })).toBeChecked();
    await expect(reloaded.getByRole('checkbox', { name: /In-app notification/ })).not.toBeChecked();
    await expect(reloaded.getByText(/^Next reminder: \w+day \d+ \w+ at 07:45\.$/)).toBeVisible();
  });

  test('the e-mail’s link opens a page whose one button stops reminders, signed out; a bad link says so', async ({
    page,
    request,
    expectAccessible,
  }, testInfo) => {
    const user = await createVerifiedUser(request, 'Uma Unsubscribe');
    await signInAs(page, user, '/dashboard');
    const saved = await page.request.put('/api/reminders', {
      data: {
        enabled: true,
        time: '21:00',
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        channels: { email: true, inApp: true, push: false },
      },
    });
    expect(saved.status()).toBe(200);
    // Today's reminder now, through the job's own path (test tools).
    const sent = await page.request.post('/api/dev/reminders/send-now');
    expect(await sent.json()).toEqual({ sent: 1 });
    const mail = await mailTo(request, user.email, /gentle reminder/);
    const link = mail.links.find((href) => href.includes('/reminders/unsubscribe?token='));
    expect(link).toBeDefined();

    await page.context().clearCookies();
    await page.goto(pathOf(link!));
    await expect(page.getByRole('heading', { name: 'Daily reminders' })).toBeVisible();
    // Opening the page changed nothing: a mail scanner's visit does not unsubscribe.
    await expectAccessible();
    await page.getByRole('button', { name: 'Stop daily reminders' }).click();
    await expect(page.getByText(REMINDER_MESSAGES.unsubscribed)).toBeVisible();
    await screenshots(page, testInfo, 'unsubscribed');

    await signInAs(page, user, '/profile#reminders');
    await expect(reminderSection(page).getByRole('switch', { name: 'Remind me to write' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    await page.goto('/reminders/unsubscribe?token=not-a-real-token');
    await page.getByRole('button', { name: 'Stop daily reminders' }).click();
    await expect(page.getByRole('alert')).toHaveText(REMINDER_MESSAGES.invalidToken);
  });
});
