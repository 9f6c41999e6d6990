import { ENTRY_MESSAGES, MODERATION_MESSAGES, PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { setUpPrivateModeInPage } from '../support/private-mode.ts';

/*
 * Version-2 entries in chromium (ADR 094). There is no set-up screen yet (ADR 089 keeps it hidden), so the key is set
 * up as a browser would, with the shared key layer, and put where an unlock keeps it for the session; everything
 * after that is the app's own: the entry key derived in the page, text and mood sealed, the shared classifier run
 * in the page, the list opening them, and a fresh browser without the key seeing them locked.
 */

test.describe('private mode entries', () => {
  test('writes text and mood sealed under the account key, reads them back, and a browser without the key reads nothing', async ({
    page,
    browser,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const [{ id: userId }] = (await storedRows('select id from users where email = $1', [user.email])) as [
      { id: string },
    ];

    const _accountKey = await setUpPrivateModeInPage(
      page,
      user,
      userId,
      'otters hold hands while they sleep',
    );
    await page.reload();

    const moderationRequests: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/moderation/text') moderationRequests.push(sent.url());
    });

    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('The cormorant on the harbour wall, drying its wings.');
    await page.getByRole('button', { name: /Choose mood/ }).click();
    await page.getByRole('button', { name: 'Grateful', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: 'drying its wings' });
    await expect(card).toBeVisible();
    await expect(card.getByText('🙏')).toBeVisible();

    // The shared classifier runs in the page: the crisis message, and nothing sent.
    await box.click();
    await box.fill('Tonight I want to end my life.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MODERATION_MESSAGES.crisis)).toBeVisible();
    expect(moderationRequests).toEqual([]);

    const rows = await storedRows(
      'select content, encrypted_content, encryption_version, mood_tag, encrypted_mood from entries where user_id = $1',
      [userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content: null, encryption_version: 2, mood_tag: null });
    expect(String(rows[0]!.encrypted_mood)).toHaveLength(80);
    expect(JSON.stringify(rows)).not.toContain('cormorant');
    expect(JSON.stringify(rows)).not.toContain('Grateful');

    // A fresh browser, signed in but not unlocked: the entry is locked, and its mood is not shown.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await signInAs(other, user);
    await expect(other.getByText(PRIVATE_MODE_MESSAGES.entryLocked)).toBeVisible();
    await expect(other.getByText('drying its wings')).toHaveCount(0);
    await fresh.close();
  });
});
