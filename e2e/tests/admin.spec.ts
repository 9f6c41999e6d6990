import { AUTH_MESSAGES, MESSAGES } from '@daybook/shared';
import { createVerifiedUser, signInAs, signOutThroughMenu } from '../support/accounts.ts';
import { grantAdmin } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll, expectWithinWidth, lookAt } from '../support/layout.ts';

test.describe('admin area', () => {
  test('an administrator disables a user, who can no longer sign in', async ({
    page,
    request,
    expectAccessible,
  }, testInfo) => {
    // Two accessibility scans and four screenshots besides the journey itself.
    test.setTimeout(60_000);
    const admin = await createVerifiedUser(request, 'Ada Admin');
    await grantAdmin(admin.email);
    const person = await createVerifiedUser(request, 'Pat Person');

    await signInAs(page, admin);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Search people by e-mail or name').fill(person.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: person.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Active')).toBeVisible();
    await expectAccessible();
    // Light and dark, wide and phone: looked at by people, kept with the run's output.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await lookAt(page, testInfo.outputPath(`admin-users-${width}-${colorScheme}.png`));
      }
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible();
    await page.emulateMedia({ colorScheme: 'light' });

    await row.getByRole('button', { name: 'Disable Pat Person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Pat Person?' });
    await expect(dialog).toContainText('signed out everywhere');
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await expect(page.getByText('Pat Person is disabled and signed out.')).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Enable Pat Person' })).toBeVisible();

    // The audit log names the admin and the account.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const logged = page.getByRole('row').filter({ hasText: person.email });
    await expect(logged.first()).toContainText('Disabled account');
    await expect(logged.first()).toContainText(admin.email);
    await expectAccessible();

    await signOutThroughMenu(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText(AUTH_MESSAGES.accountDisabled).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('on a phone each person is a card whose every field can be read and every action reached', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const admin = await createVerifiedUser(request, 'Ada Admin');
    await grantAdmin(admin.email);
    const person = await createVerifiedUser(request, 'Pat Person');
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, admin, '/admin');
    await page.getByLabel('Search people by e-mail or name').fill(person.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.locator('tbody tr').filter({ hasText: person.email });
    await expect(card).toHaveCount(1);
    // Each field under its column's name, inside the window: no column is left beyond the right edge.
    for (const [label, value] of [
      ['Plan', card.getByLabel('Plan of Pat Person')],
      ['State', card.getByText('Active', { exact: true })],
      ['Created', card.locator('td[data-label="Created"] time')],
      ['Last seen', card.locator('td[data-label="Last seen"]')],
      ['Actions', card.getByRole('button', { name: 'Disable Pat Person' })],
    ] as const) {
      // The column's name is drawn before the field (a ::before from data-label), since the header row is hidden.
      const named = await card
        .locator(`td[data-label="${label}"]`)
        .evaluate((cell) => getComputedStyle(cell, '::before').content);
      expect(named).toBe(`"${label}"`);
      await expect(value).toBeVisible();
      await expectWithinWidth(page, value);
    }
    await expectWithinWidth(page, card.getByRole('button', { name: 'Make Pat Person an admin' }));
    await expectNoSidewaysScroll(page);
    await expectAccessible();

    await card.getByRole('button', { name: 'Disable Pat Person' }).click();
    await expect(page.getByRole('dialog', { name: 'Disable Pat Person?' })).toBeVisible();
    await page.keyboard.press('Escape');
    for (const tab of ['Reports', 'Contact', 'Mail & jobs', 'Audit log']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectNoSidewaysScroll(page);
    }
  });

  test('a signed-in user who is not an administrator finds no admin area', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'Norma User');
    await signInAs(page, user);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Data & Export' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: MESSAGES.notFound })).toBeVisible();
    // The server agrees: its admin API does not exist for this user.
    expect((await page.request.get('/api/admin/users')).status()).toBe(404);
  });
});
