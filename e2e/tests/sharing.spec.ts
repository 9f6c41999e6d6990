import { ENTRY_MESSAGES, SHARE_MESSAGES } from '@daybook/shared';
import type { Browser, Page } from '@playwright/test';
import { createVerifiedUser, mailTo, pathOf, signInAs } from '../support/accounts.ts';
import { grantPlan } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

/** Writes an entry through the quick entry card, as a person would, and returns its card. */
async function writeEntry(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: "What's on your mind?" });
  await box.click();
  await box.fill(text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  return card;
}

/** A second person at another browser: a context of their own, so cookies and streams are theirs alone. */
async function otherPerson(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  return { context, page: await context.newPage() };
}

test.describe('sharing', () => {
  test('A shares with B, B is told live, thanks A, A is told live; the link works signed out until revoked', async ({
    page,
    request,
    browser,
    baseURL,
    expectAccessible,
  }) => {
    test.slow();
    const alice = await createVerifiedUser(request, 'Alice Sender');
    await grantPlan(alice.email, 'premium');
    const bob = await createVerifiedUser(request, 'Bob Reader');
    const text = 'The heron stood in the shallows all morning, and so, in a way, did I.';

    await signInAs(page, alice);
    const bobAt = await otherPerson(browser, baseURL);
    try {
      await signInAs(bobAt.page, bob);
      const sharesBell = bobAt.page.getByRole('button', { name: 'Shared with you' });
      await expect(sharesBell).toBeVisible();

      // A shares the entry with B.
      const card = await writeEntry(page, text);
      await card.getByRole('button', { name: 'Share', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Share with someone new' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share reflection' });
      await dialog.getByLabel('Recipients').fill(bob.email.toUpperCase());
      await dialog.getByLabel('Recipients').press('Enter');
      await expect(dialog.getByRole('button', { name: `Remove ${bob.email}` })).toBeVisible();
      await dialog.getByLabel('Note (optional)').fill('This one made me think of you.');
      await dialog.getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel }).check();
      await expectAccessible();
      await dialog.getByRole('button', { name: 'Share', exact: true }).click();
      await expect(page.getByText(SHARE_MESSAGES.shared)).toBeVisible();
      await expect(card.getByText('Shared', { exact: true })).toBeVisible();

      // B's shares bell updates without a reload; B opens the share and sends thanks.
      await expect(bobAt.page.getByRole('button', { name: '1 new shared reflection' })).toBeVisible({
        timeout: 15_000,
      });
      await bobAt.page.getByRole('button', { name: '1 new shared reflection' }).click();
      await bobAt.page
        .getByRole('button', { name: /Alice Sender/ })
        .first()
        .click();
      const viewer = bobAt.page.getByRole('dialog', { name: 'Shared reflection' });
      await expect(viewer.getByText(text)).toBeVisible();
      await expect(viewer.getByText('This one made me think of you.')).toBeVisible();
      await viewer.getByRole('button', { name: 'Send thank you' }).click();
      const thanks = bobAt.page.getByRole('dialog', { name: 'Send a thank you note' });
      await thanks.getByRole('textbox').fill('Thank you, I needed this today.');
      await thanks.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(bobAt.page.getByText(SHARE_MESSAGES.thankYouSent, { exact: true })).toBeVisible();

      // A's notification bell updates without a reload, and the note is decrypted in A's browser.
      const aliceBell = page.getByRole('button', { name: '1 unread notification' });
      await expect(aliceBell).toBeVisible({ timeout: 15_000 });
      await aliceBell.click();
      await page.getByRole('button', { name: /New thank you/ }).click();
      await expect(page.getByText('Thank you, I needed this today.')).toBeVisible();
      await page.keyboard.press('Escape');
    } finally {
      await bobAt.context.close();
    }

    // The e-mailed link opens the entry for someone signed out.
    const mail = await mailTo(request, bob.email, /shared a journal entry/);
    const link = mail.links.find((l) => l.includes('/share/'));
    expect(link).toBeDefined();
    const stranger = await otherPerson(browser, baseURL);
    try {
      await stranger.page.goto(pathOf(link!));
      await expect(stranger.page.getByText(text)).toBeVisible();
      await expect(stranger.page.getByRole('button', { name: 'Send thank you' })).toHaveCount(0);

      // A revokes; the link now says so.
      const card = page.getByRole('article').filter({ hasText: text });
      await card.getByRole('button', { name: 'Share', exact: true }).click();
      await page.getByRole('menuitem', { name: /Manage shares/ }).click();
      const manage = page.getByRole('dialog', { name: 'Manage Sharing' });
      await expect(manage.getByText('Shared with (1)')).toBeVisible();
      await manage.getByRole('button', { name: `Revoke access for ${bob.email}` }).click();
      const confirm = page.getByRole('dialog', { name: SHARE_MESSAGES.revokeConfirm });
      await confirm.getByRole('button', { name: 'Revoke access', exact: true }).click();
      await expect(page.getByText(SHARE_MESSAGES.revoked, { exact: true })).toBeVisible();

      await stranger.page.reload();
      await expect(stranger.page.getByText(SHARE_MESSAGES.shareRevokedBadge)).toBeVisible();
      await expect(stranger.page.getByText(text)).toHaveCount(0);
      // Only that it was revoked: not who shared it, nor their note (ADR 059).
      await expect(stranger.page.getByText('Alice Sender')).toHaveCount(0);
      await expect(stranger.page.getByText('This one made me think of you.')).toHaveCount(0);
    } finally {
      await stranger.context.close();
    }
  });

  test('a Free user sees the locked share action and the way to upgrade', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const card = await writeEntry(page, 'A quiet Sunday with the crossword.');
    const locked = card.getByRole('button', { name: 'Share', exact: true });
    // Until the plan has loaded the button is offered as usual; the lock replaces it once the plan is known.
    await expect(locked).toHaveAttribute('data-locked', '');
    // The tooltip's code loads on the first hover; a pointer resting on the button then sees it. Should the
    // card be drawn anew under a resting pointer, a person moves the mouse: so does the test, until it shows.
    const tooltip = page.getByRole('tooltip').getByText(SHARE_MESSAGES.upgradeTooltip);
    await expect(async () => {
      await page.mouse.move(0, 0);
      await locked.hover();
      await expect(tooltip).toBeVisible({ timeout: 3_000 });
    }).toPass();
    await locked.click();
    const upgrade = page.getByRole('dialog', { name: SHARE_MESSAGES.upgradeTooltip });
    await expect(upgrade.getByRole('link', { name: 'See Premium' })).toHaveAttribute('href', /\/profile/);
    await expectAccessible();
  });
});
