import { ENTRY_MESSAGES, MODERATION_MESSAGES, SHARE_MESSAGES } from '@daybook/shared';
import type { Page } from '@playwright/test';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { grantPlan } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

/** Types into the quick entry card and presses Save, as a person would. */
async function submitEntry(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: "What's on your mind?" });
  await box.click();
  await box.fill(text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

const entryCount = async (page: Page) => (await (await page.request.get('/api/entries')).json()).total;

// ADR 063: a journal is where people write about their hardest days; the classifier reads the sentence (ADR 063).
test.describe('moderation that understands a journal', () => {
  test('past, passing and unacted-on hard thoughts save without a warning', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const texts = [
      'Last winter I had suicidal thoughts almost every night; today I told Dr. R that I had not felt that way in weeks. Therapy is working.',
      'I wanted to beat him up, honestly. Went for a run instead.',
      'I kept thinking I wish I were dead too, just for a second, then the kids hugged me.',
    ];
    for (const text of texts) {
      await submitEntry(page, text);
      await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
    }
    await expect(page.getByText(MODERATION_MESSAGES.entryLow)).toHaveCount(0);
    await expect(page.getByText(MODERATION_MESSAGES.crisis)).toHaveCount(0);
    expect(await entryCount(page)).toBe(texts.length);
  });

  test('present intent with a plan shows the crisis message and saves nothing', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    await submitEntry(page, "I'm going to kill myself tonight, I have the pills here");
    await expect(page.getByText(MODERATION_MESSAGES.crisis)).toBeVisible();
    await expect(page.getByText(ENTRY_MESSAGES.emptyList)).toBeVisible();
    expect(await entryCount(page)).toBe(0);
  });

  test('a share note with a slur aimed at its reader is refused with the spec message', async ({
    page,
    request,
  }) => {
    const sender = await createVerifiedUser(request);
    await grantPlan(sender.email, 'premium');
    await signInAs(page, sender);
    const text = 'The allotment in the rain, and soup after.';
    await submitEntry(page, text);
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Share with someone new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share reflection' });
    await dialog.getByLabel('Recipients').fill('reader@example.com');
    await dialog.getByLabel('Recipients').press('Enter');
    await dialog.getByLabel('Note (optional)').fill('you worthless faggot');
    await dialog.getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel }).check();
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(dialog.getByText(SHARE_MESSAGES.noteHigh)).toBeVisible();
    await expect(page.getByText(SHARE_MESSAGES.shared)).toHaveCount(0);
    await expect(card.getByText('Shared', { exact: true })).toHaveCount(0);
  });
});
