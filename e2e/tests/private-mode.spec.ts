import { mkdir, readFile } from 'node:fs/promises';
import { ENTRY_MESSAGES, PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import type { Page } from '@playwright/test';
import { mailTo, newEmail, PASSWORD, pathOf, signInAs, signOutThroughMenu } from '../support/accounts.ts';
import { storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

/*
 * Private mode's screens in chromium (ADR 095), the app's own code throughout: choosing private mode at
 * registration, the set-up with the recovery key shown once and downloaded, an entry with a mood sealed, a fresh
 * browser that sees it locked and unlocks with the passphrase, and another that uses the recovery key and sets a
 * new passphrase. The set-up and unlock screens are photographed at a phone's and a laptop's width, light and dark,
 * into /tmp/pm-shots/ for people to look at.
 */

const PASSPHRASE = 'otters hold hands while they sleep';
const NEW_PASSPHRASE = 'the kettle sings in the blue kitchen';
const ENTRY = 'The cormorant on the harbour wall, drying its wings.';
const SHOTS = '/tmp/pm-shots';
/** After a full page load, on a machine shared by many runs (as accounts.spec.ts waits). */
const AFTER_LOAD = { timeout: 30_000 };
/** Argon2id at 64 MiB, on a busy two-core machine. */
const ARGON2 = { timeout: 20_000 };

async function photograph(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('private mode screens', () => {
  test('register choosing private mode, save the recovery key, write, unlock elsewhere, recover elsewhere', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    test.setTimeout(180_000);
    const email = newEmail('private');
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    // The radio is drawn as a card: a person clicks the card.
    await page.locator('label').filter({ hasText: 'Only your passphrase or recovery key' }).click();
    await expect(page.getByRole('radio', { name: 'Private mode' })).toBeChecked();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await expectAccessible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Check Your Email' })).toBeVisible();

    // The confirmation link signs in; the choice leads to the set-up before the dashboard.
    const mail = await mailTo(page.request, email, /Confirm your e-mail/);
    await page.goto(pathOf(mail.links[0]!));
    await expect(page).toHaveURL(/\/private-mode\/set-up$/, AFTER_LOAD);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up private mode' })).toBeVisible();
    await page.getByLabel('Your sign-in password').fill(PASSWORD);
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await page.getByLabel('Confirm passphrase').fill(PASSPHRASE);
    await expectAccessible();
    await photograph(page, 'set-up');
    await page.getByRole('button', { name: 'Set up private mode' }).click();

    const words = page.getByRole('list', { name: 'Recovery key' }).getByRole('listitem');
    await expect(words).toHaveCount(24, ARGON2);
    // The key is made: no way back to standard is offered beside the words.
    await expect(page.getByRole('button', { name: /Not now/ })).toHaveCount(0);
    const recoveryWords = (await words.allInnerTexts()).map((text) =>
      text.replace(/^\s*\d+\.\s*/, '').trim(),
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as .txt' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('daybook-recovery-key.txt');
    const text = await readFile((await file.path())!, 'utf8');
    for (const [index, word] of recoveryWords.entries()) expect(text).toContain(`${index + 1}. ${word}`);
    await page.getByRole('button', { name: 'Show as QR code' }).click();
    await expect(page.getByRole('img', { name: 'Your recovery key as a QR code' })).toBeVisible();
    await expectAccessible();
    await photograph(page, 'recovery-key');
    await expect(page.getByRole('button', { name: 'Finish setting up' })).toBeDisabled();
    await page.getByLabel('I have saved my recovery key somewhere safe').check();
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Write with a mood: sealed under the key just made.
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill(ENTRY);
    await page.getByRole('button', { name: /Choose mood/ }).click();
    await page.getByRole('button', { name: 'Grateful', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();
    const rows = await storedRows(
      'select e.encryption_version, e.mood_tag from entries e join users u on u.id = e.user_id where u.email = $1',
      [email],
    );
    expect(rows).toEqual([{ encryption_version: 2, mood_tag: null }]);
    await signOutThroughMenu(page);

    // A fresh browser: locked, with the card on top; the passphrase opens it without a reload.
    const second = await browser.newContext();
    const other = await second.newPage();
    await signInAs(other, { email, password: PASSWORD });
    await expect(other.getByRole('heading', { name: 'Your journal is locked' })).toBeVisible(AFTER_LOAD);
    await expect(other.getByText(PRIVATE_MODE_MESSAGES.entryLocked)).toBeVisible();
    await expectAccessible(other);
    await photograph(other, 'unlock');
    await other.getByLabel('Passphrase', { exact: true }).fill('not my passphrase at all');
    await other.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(other.getByText(PRIVATE_MODE_MESSAGES.passphraseWrong)).toBeVisible(ARGON2);
    // Argon2id runs in a worker of its own, so the page keeps answering meanwhile.
    const workers: string[] = [];
    other.on('worker', (worker) => workers.push(worker.url()));
    await other.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await other.getByRole('button', { name: 'Unlock', exact: true }).click();
    const card = other.getByRole('article').filter({ hasText: 'drying its wings' });
    await expect(card).toBeVisible(ARGON2);
    await expect(card.getByText('🙏')).toBeVisible();
    expect(workers.some((url) => /argon2-worker/.test(url))).toBe(true);
    await expect(other.getByRole('heading', { name: 'Your journal is locked' })).toHaveCount(0);
    // The profile's section, unlocked here.
    await other.goto('/profile#private-mode');
    await expect(other.getByText('Unlocked in this browser session.')).toBeVisible(AFTER_LOAD);
    await expectAccessible(other);
    await second.close();

    // Another: the passphrase forgotten, the recovery key typed as it was saved, then a new passphrase.
    const third = await browser.newContext();
    const recovering = await third.newPage();
    await signInAs(recovering, { email, password: PASSWORD });
    await recovering.getByRole('button', { name: 'Forgot your passphrase?' }).click(AFTER_LOAD);
    await recovering.getByRole('textbox', { name: 'Recovery key' }).fill(recoveryWords.join(' '));
    await expectAccessible(recovering);
    await recovering.getByRole('button', { name: 'Unlock with recovery key' }).click();
    await expect(recovering.getByText(/Your recovery key opened your journal/)).toBeVisible(ARGON2);
    await expect(recovering.getByRole('article').filter({ hasText: 'drying its wings' })).toBeVisible();
    await recovering.getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
    await recovering.getByLabel('Confirm new passphrase').fill(NEW_PASSPHRASE);
    await recovering.getByRole('button', { name: 'Save new passphrase' }).click();
    await expect(recovering.getByText(PRIVATE_MODE_MESSAGES.passphraseChanged)).toBeVisible(ARGON2);
    await expect(recovering.getByRole('heading', { name: 'Unlock with your recovery key' })).toHaveCount(0);
    await third.close();
  });
});
