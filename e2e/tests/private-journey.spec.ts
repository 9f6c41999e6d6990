import { readFile } from 'node:fs/promises';
import { AUTH_MESSAGES, ENTRY_MESSAGES, PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { mailTo, newEmail, PASSWORD, pathOf, signInAs, signOutThroughMenu } from '../support/accounts.ts';
import { storedMediaFile, storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

/*
 * Private mode's whole journey in chromium (ADRs 089, 095, 096), the app's own code throughout: register choosing
 * private mode, save the recovery key, write an entry with a photo (moderated, thumbnailed and sealed in the page),
 * sign out; sign in on a fresh browser, unlock with the passphrase and see the entry and its photo; then reset the
 * password by the e-mailed link, sign in with the new one on another fresh browser, recover with the recovery key
 * (passphrase forgotten), set a new passphrase, and see the entry and the photo again. A reset restores sign-in and
 * leaves the key as it was (ADR 089).
 */

const PASSPHRASE = 'barn owls keep the hours of the mill';
const NEW_PASSPHRASE = 'a blue heron waits by the sluice gate';
const NEW_PASSWORD = 'Brand-New-Estuary-19';
const ENTRY = 'The lock keeper lent me his lantern, for my eyes only.';
/** After a full page load, on a machine shared by many runs (as accounts.spec.ts waits). */
const AFTER_LOAD = { timeout: 30_000 };
/** Argon2id at 64 MiB, on a busy two-core machine. */
const ARGON2 = { timeout: 20_000 };

/** A photo-like picture: sky, sun and a hill, as a JPEG. */
const photo = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
      <rect width="800" height="600" fill="#6fa8dc"/>
      <circle cx="560" cy="180" r="70" fill="#ffe599"/>
      <path d="M0 420 Q 200 260 400 390 T 800 380 V 600 H 0 Z" fill="#38761d"/>
    </svg>`),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

/** The entry's card with its photo opened in the page: the full picture and the thumbnail, decoded. */
async function expectEntryWithPhoto(page: Page) {
  const card = page.getByRole('article').filter({ hasText: 'lent me his lantern' });
  await expect(card).toBeVisible(ARGON2);
  const opener = card.getByRole('button', { name: 'Attached photo' });
  await expect(opener).toHaveAttribute('data-state', 'full', { timeout: 30_000 });
  const full = opener.locator('img[data-layer="full"]');
  await expect(full).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  const thumbnail = opener.locator('img[data-layer="thumbnail"]');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

const recoveryWordsOf = async (words: Locator) =>
  (await words.allInnerTexts()).map((text) => text.replace(/^\s*\d+\.\s*/, '').trim());

test.describe('private mode, the whole journey', () => {
  test('register private, write with a photo, unlock elsewhere, reset the password by e-mail, recover with the recovery key', async ({
    page,
    browser,
  }) => {
    // Argon2id several times and the image model's first load, on a shared machine.
    test.setTimeout(240_000);
    const email = newEmail('journey');
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Mary Somerville');
    await page.getByLabel('Email').fill(email);
    await page.locator('label').filter({ hasText: 'Only your passphrase or recovery key' }).click();
    await expect(page.getByRole('radio', { name: 'Private mode' })).toBeChecked();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Check Your Email' })).toBeVisible();

    const confirmation = await mailTo(page.request, email, /Confirm your e-mail/);
    await page.goto(pathOf(confirmation.links[0]!));
    await expect(page).toHaveURL(/\/private-mode\/set-up$/, AFTER_LOAD);
    await page.getByLabel('Your sign-in password').fill(PASSWORD);
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await page.getByLabel('Confirm passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Set up private mode' }).click();

    // The recovery key, saved as a file the way a person keeps it.
    const words = page.getByRole('list', { name: 'Recovery key' }).getByRole('listitem');
    await expect(words).toHaveCount(24, ARGON2);
    const recoveryWords = await recoveryWordsOf(words);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as .txt' }).click();
    const saved = await readFile((await (await download).path())!, 'utf8');
    for (const [index, word] of recoveryWords.entries()) expect(saved).toContain(`${index + 1}. ${word}`);
    await page.getByLabel('I have saved my recovery key somewhere safe').check();
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Write with a photo: moderated, thumbnailed and sealed in the page before it leaves.
    const sent: string[] = [];
    page.on('request', (request) => sent.push(new URL(request.url()).pathname));
    await page.getByRole('textbox', { name: "What's on your mind?" }).click();
    await page.getByRole('button', { name: 'Attach media' }).click();
    const panel = page.getByRole('dialog');
    await panel
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'lock.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expect(panel.getByRole('button', { name: 'Remove' })).toBeVisible({ timeout: 90_000 });
    await page.keyboard.press('Escape');
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill(ENTRY);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();
    expect(sent).toContain('/api/media/sealed-drafts');
    expect(sent).not.toContain('/api/media/drafts');
    await expectEntryWithPhoto(page);

    // What the server holds: version 2, no phrase, the photo and its thumbnail as containers under key kind 1.
    const [row] = await storedRows(
      `select e.encryption_version, e.mood_tag, e.media_url, e.encrypted_content from entries e
        join users u on u.id = e.user_id where u.email = $1`,
      [email],
    );
    expect(row).toMatchObject({ encryption_version: 2, mood_tag: null });
    expect(String(row!.encrypted_content)).not.toContain('lantern');
    for (const stored of [String(row!.media_url), `${String(row!.media_url)}.thumb.webp`]) {
      const bytes = storedMediaFile(stored);
      expect(bytes[9], `${stored}: key kind 1`).toBe(1);
      await expect(sharp(bytes).metadata()).rejects.toThrow();
    }
    await signOutThroughMenu(page);

    // A fresh browser: signed in, locked; the passphrase opens the entry and its photo.
    const second = await freshPage(browser);
    await signInAs(second.page, { email, password: PASSWORD });
    await expect(second.page.getByRole('heading', { name: 'Your journal is locked' })).toBeVisible(
      AFTER_LOAD,
    );
    await second.page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await second.page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expectEntryWithPhoto(second.page);
    await second.context.close();

    // The password forgotten: reset by the e-mailed link.
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(AUTH_MESSAGES.resetRequested)).toBeVisible();
    const reset = await mailTo(page.request, email, /Reset your/);
    await page.goto(pathOf(reset.links[0]!));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login/);

    // Another fresh browser, the new password, the passphrase forgotten too: the recovery key as it was saved.
    const third = await freshPage(browser);
    const refused = await third.page.request.post('/api/auth/sign-in', {
      data: { email, password: PASSWORD },
    });
    expect(refused.status()).toBe(401);
    await signInAs(third.page, { email, password: NEW_PASSWORD });
    await third.page.getByRole('button', { name: 'Forgot your passphrase?' }).click(AFTER_LOAD);
    await third.page.getByRole('textbox', { name: 'Recovery key' }).fill(recoveryWords.join(' '));
    await third.page.getByRole('button', { name: 'Unlock with recovery key' }).click();
    await expect(third.page.getByText(/Your recovery key opened your journal/)).toBeVisible(ARGON2);
    await third.page.getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
    await third.page.getByLabel('Confirm new passphrase').fill(NEW_PASSPHRASE);
    await third.page.getByRole('button', { name: 'Save new passphrase' }).click();
    await expect(third.page.getByText(PRIVATE_MODE_MESSAGES.passphraseChanged)).toBeVisible(ARGON2);
    await expectEntryWithPhoto(third.page);
    await third.context.close();
  });
});
