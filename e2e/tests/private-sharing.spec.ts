import { ENTRY_MESSAGES, SEALED_SHARE_MESSAGES, SHARE_MESSAGES } from '@daybook/shared';
import type { Browser, Page } from '@playwright/test';
import { createVerifiedUser, newEmail, pathOf, signInAs } from '../support/accounts.ts';
import { grantPlan, storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { setUpPrivateModeInPage } from '../support/private-mode.ts';

/*
 * A private entry shared end to end in chromium (ADR 103): A, in private mode on Premium, shares with B, in private
 * mode too, whose shares bell updates live and whose browser opens the share with its own key and thanks A, who reads
 * the note sealed to A's key pair in the notifications; A copies a private
 * link for someone without an account, and a third, signed-out browser opens it with the key in its fragment, and
 * without the fragment is told the share is not found. The server holds only ciphertext throughout.
 */

async function otherPerson(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  return { context, page: await context.newPage() };
}

const THANKS = 'Thank you for the harbour light, and for thinking of me.';

const userIdOf = async (email: string) =>
  String(((await storedRows('select id from users where email = $1', [email])) as [{ id: string }])[0].id);

/** Private mode set up and unlocked in this page, and the key pair its browser then makes (ADR 102). */
async function goPrivate(page: Page, user: { email: string; password: string }, passphrase: string) {
  const userId = await userIdOf(user.email);
  await setUpPrivateModeInPage(page, user, userId, passphrase);
  await page.reload();
  await expect
    .poll(async () => (await storedRows('select wrap_kind from key_pairs where user_id = $1', [userId]))[0], {
      timeout: 20_000,
    })
    .toMatchObject({ wrap_kind: 2 });
  return userId;
}

test.describe('private sharing', () => {
  test('A shares a private entry with B live, B thanks A, and a stranger opens a private link; the server keeps ciphertext', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.slow();
    const alice = await createVerifiedUser(request, 'Alice Private');
    await grantPlan(alice.email, 'premium');
    const bob = await createVerifiedUser(request, 'Bob Private');
    const stranger = newEmail('stranger');
    const text = 'The lighthouse keeper wrote to nobody, and then, one winter, to me.';

    await signInAs(page, alice);
    const aliceId = await goPrivate(page, alice, 'gulls argue over the harbour wall');
    const bobAt = await otherPerson(browser, baseURL);
    const strangerAt = await otherPerson(browser, baseURL);
    try {
      await signInAs(bobAt.page, bob);
      await goPrivate(bobAt.page, bob, 'the tide tables are a kind of poem');
      await expect(bobAt.page.getByRole('button', { name: 'Shared with you' })).toBeVisible();

      const box = page.getByRole('textbox', { name: "What's on your mind?" });
      await box.click();
      await box.fill(text);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();
      const card = page.getByRole('article').filter({ hasText: text });
      await card.getByRole('button', { name: 'Share', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Share with someone new' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share reflection' });
      const recipients = dialog.getByRole('textbox', { name: 'Recipients' });
      await recipients.fill(`${bob.email}, ${stranger}`);
      await recipients.press('Enter');
      await dialog.getByLabel('Note (optional)').fill('Read this one slowly.');
      await dialog.getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel }).check();
      await dialog.getByRole('button', { name: 'Share', exact: true }).click();

      // The stranger has no account: the two honest choices, a private link by default.
      const choices = dialog.getByRole('group', { name: stranger });
      await expect(
        choices.getByRole('radio', { name: new RegExp(SEALED_SHARE_MESSAGES.linkChoice) }),
      ).toBeChecked();
      await expect(choices.getByText(SEALED_SHARE_MESSAGES.emailHint)).toBeVisible();
      await dialog.getByRole('button', { name: 'Share', exact: true }).click();
      const linkField = dialog.getByRole('textbox', { name: `Private link for ${stranger}` });
      await expect(linkField).toBeVisible({ timeout: 20_000 });
      const link = await linkField.inputValue();
      expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{22}#k=[A-Za-z0-9_-]{43}$/);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(card.getByText('Shared', { exact: true })).toBeVisible();

      // B's bell updates without a reload; B's browser opens the share with its own key.
      const bobBell = bobAt.page.getByRole('button', { name: '1 new shared reflection' });
      await expect(bobBell).toBeVisible({ timeout: 15_000 });
      await bobBell.click();
      await bobAt.page
        .getByRole('button', { name: /Alice Private/ })
        .first()
        .click();
      const viewer = bobAt.page.getByRole('dialog', { name: 'Shared reflection' });
      await expect(viewer.getByText(text)).toBeVisible({ timeout: 15_000 });
      await expect(viewer.getByText('Read this one slowly.')).toBeVisible();

      // B thanks A: sealed in B's browser to A's key pair, wrapped under A's account key (ADR 102).
      await viewer.getByRole('button', { name: 'Send thank you' }).click();
      const thanks = bobAt.page.getByRole('dialog', { name: 'Send a thank you note' });
      await thanks.getByRole('textbox').fill(THANKS);
      await thanks.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(bobAt.page.getByText(SHARE_MESSAGES.thankYouSent, { exact: true })).toBeVisible();
      // A reads it in the notifications, opened by A's unlocked browser alone.
      const aliceBell = page.getByRole('button', { name: '1 unread notification' });
      await expect(aliceBell).toBeVisible({ timeout: 15_000 });
      await aliceBell.click();
      await page.getByRole('button', { name: /New thank you/ }).click();
      await expect(page.getByText(THANKS)).toBeVisible();
      await page.keyboard.press('Escape');

      // A third browser, signed out, opens the private link and reads it there.
      const { hash } = new URL(link);
      await strangerAt.page.goto(`${pathOf(link)}${hash}`);
      await expect(strangerAt.page.getByText(text)).toBeVisible({ timeout: 15_000 });
      // Without the fragment, the share is not found.
      await strangerAt.page.goto(pathOf(link));
      await strangerAt.page.reload();
      await expect(strangerAt.page.getByText(SHARE_MESSAGES.notFound)).toBeVisible();
      await expect(strangerAt.page.getByText(text)).toHaveCount(0);

      // The server holds ciphertext only: no copy, wrap or row carries the text.
      const rows = await storedRows(
        `select c.sealed_copy, c.key_for_sender, s.sealing from share_copies c
         join shared_entries s on s.id = c.share_id where s.sender_id = $1 order by s.sealing`,
        [aliceId],
      );
      expect(rows.map((row) => row.sealing)).toEqual(['account', 'link']);
      expect(JSON.stringify(rows)).not.toContain('lighthouse');
      const notes = await storedRows(
        'select encrypted_message, metadata from share_thank_you_notes where sender_user_id = $1',
        [aliceId],
      );
      expect(notes).toHaveLength(1);
      expect(notes[0]?.metadata).toMatchObject({ format: 'sealed' });
      expect(JSON.stringify(notes)).not.toContain('harbour light');
    } finally {
      await bobAt.context.close();
      await strangerAt.context.close();
    }
  });
});
