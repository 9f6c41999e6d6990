import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { grantPlan, storedRows } from '../support/database.ts';
import { STREAMED_REPLY } from '../support/fake-openai.ts';
import { expect, test } from '../support/fixtures.ts';
import { setUpPrivateModeInPage } from '../support/private-mode.ts';

/*
 * AI by consent in private mode (ADR 104), in chromium: the coach's first use asks, naming the provider's host; the
 * answer streams; the turn is sealed in this browser and stored, so a reload opens it here while the server holds
 * only version-2 ciphertext; withdrawn on the profile, the coach asks again before it sends anything.
 */

test.describe('AI by consent in private mode', () => {
  test('the coach asks first, naming the host; the conversation is sealed here; withdrawn, it asks again', async ({
    page,
    request,
    expectAccessible,
  }) => {
    test.slow();
    const user = await createVerifiedUser(request, 'Ada Consenting');
    await grantPlan(user.email, 'premium');
    await signInAs(page, user);
    const [{ id: userId }] = (await storedRows('select id from users where email = $1', [user.email])) as [
      { id: string },
    ];
    await setUpPrivateModeInPage(page, user, userId, 'cormorants dry their wings on the pier');
    const host = (await (await page.request.get('/api/ai/status')).json()).providerHost as string;
    expect(host).toBeTruthy();

    await page.goto('/coach');
    const box = page.getByRole('textbox', { name: 'Message to your coach' });
    const question = 'What should I make of the pier this week?';
    await box.fill(question);
    await box.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Send your words to ${host}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`the AI provider at ${host}`)).toBeVisible();
    await expect(dialog).toContainText('your entries of the last 30 days');
    await expectAccessible();
    await dialog.getByRole('button', { name: 'Allow and send' }).click();

    const history = page.getByRole('list', { name: 'Messages' });
    await expect(history.getByText(STREAMED_REPLY)).toBeVisible();
    await expect(page.getByRole('heading', { name: question })).toBeVisible();
    // Stored as this browser sealed it: version 2, nothing of the words readable.
    const rows = (await storedRows(
      'select ciphertext, encryption_version from ai_messages where user_id = $1',
      [userId],
    )) as { ciphertext: string; encryption_version: number }[];
    expect(rows.map((row) => row.encryption_version)).toEqual([2, 2]);
    for (const row of rows) expect(row.ciphertext).not.toContain('pier');

    // Reloaded: listed and opened in this browser with the account key.
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(`^${question.replace(/[?]/g, '\\?')}`) })
      .click();
    await expect(history.getByText(STREAMED_REPLY)).toBeVisible();
    await expect(history.getByText(question)).toBeVisible();

    // Withdrawn on the profile: the next message asks again, and "Not now" sends nothing.
    await page.goto('/profile#ai-consent');
    const section = page.getByRole('region', { name: 'AI consent' });
    await expect(section.getByText('Growth coach')).toBeVisible();
    await section.getByRole('button', { name: 'Withdraw consent for Growth coach' }).click();
    await expect(section.getByText('You have not consented to any AI feature.')).toBeVisible();

    await page.goto('/coach');
    await box.fill('And next week?');
    await box.press('Enter');
    await expect(page.getByRole('dialog', { name: `Send your words to ${host}?` })).toBeVisible();
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(box).toHaveValue('And next week?');
    expect(await storedRows('select id from ai_messages where user_id = $1', [userId])).toHaveLength(2);
  });
});
