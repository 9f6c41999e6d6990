import { ENTRY_MESSAGES, SHARE_MESSAGES } from '@daybook/shared';
import type { Page } from '@playwright/test';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { grantPlan, storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

/*
 * A thank-you note sealed in B's browser to A's key pair and opened in A's (ADR 102): A's browser makes its pair at
 * sign-in, B's browser is given A's public key, checks the note and seals it, the server stores what it cannot read,
 * and A reads it in the notifications. Two browser contexts, as two people at two browsers.
 */

const NOTE = 'Thank you: the kettle, the rain, the whole of it.';

/** Waits for the signed-in page's browser to have made its key pair (the shell does it after the page loads). */
async function keyPairOf(page: Page): Promise<{ publicKey: string; wrapKind: number }> {
  await expect
    .poll(async () => (await page.request.get('/api/me/key-pair')).status(), { timeout: 15_000 })
    .toBe(200);
  return (await page.request.get('/api/me/key-pair')).json();
}

test('B thanks A for a shared entry: sealed to A’s key in B’s browser, read in A’s notifications', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const alice = await createVerifiedUser(request, 'Alice Author');
  await grantPlan(alice.email, 'premium');
  const bob = await createVerifiedUser(request, 'Bob Grateful');
  const text = 'Rain on the skylight all afternoon; I read and did not mind.';

  await signInAs(page, alice);
  const alicePair = await keyPairOf(page);
  expect(alicePair.wrapKind).toBe(1);

  // A shares a standard entry with B.
  const box = page.getByRole('textbox', { name: "What's on your mind?" });
  await box.click();
  await box.fill(text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Share with someone new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share reflection' });
  await dialog.getByLabel('Recipients').fill(bob.email);
  await dialog.getByLabel('Recipients').press('Enter');
  await dialog.getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel }).check();
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText(SHARE_MESSAGES.shared)).toBeVisible();

  const bobContext = await browser.newContext({ baseURL, locale: 'en-GB' });
  try {
    const bobPage = await bobContext.newPage();
    const moderationRequests: string[] = [];
    bobPage.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/moderation/text') moderationRequests.push(sent.url());
    });
    await signInAs(bobPage, bob);
    await bobPage.getByRole('button', { name: '1 new shared reflection' }).click();
    await bobPage
      .getByRole('button', { name: /Alice Author/ })
      .first()
      .click();
    const viewer = bobPage.getByRole('dialog', { name: 'Shared reflection' });
    await expect(viewer.getByText(text)).toBeVisible();
    await viewer.getByRole('button', { name: 'Send thank you' }).click();
    const thanks = bobPage.getByRole('dialog', { name: 'Send a thank you note' });
    await thanks.getByRole('textbox').fill(NOTE);
    await thanks.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(bobPage.getByText(SHARE_MESSAGES.thankYouSent, { exact: true })).toBeVisible();
    // Checked in B's browser: the note's text never went to the server's moderation.
    expect(moderationRequests).toEqual([]);
  } finally {
    await bobContext.close();
  }

  // What the server stored is the sealed note: no plaintext, marked as sealed.
  const [stored] = await storedRows(
    `select n.encrypted_message, n.metadata from share_thank_you_notes n
       join users u on u.id = n.sender_user_id where u.email = $1`,
    [alice.email],
  );
  expect(stored?.metadata).toMatchObject({ format: 'sealed', sealed_version: 1 });
  expect(String(stored?.encrypted_message)).not.toContain('kettle');

  // A's bell tells of it, and A's browser opens it with A's key pair.
  const aliceBell = page.getByRole('button', { name: '1 unread notification' });
  await expect(aliceBell).toBeVisible({ timeout: 15_000 });
  await aliceBell.click();
  await page.getByRole('button', { name: /New thank you/ }).click();
  await expect(page.getByText(NOTE)).toBeVisible();
});
