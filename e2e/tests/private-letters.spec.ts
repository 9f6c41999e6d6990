import { FUTURE_MESSAGE_MESSAGES, PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import { createVerifiedUser, mailTo, signInAs } from '../support/accounts.ts';
import { grantPlan, makePendingMessageDue, runsOnPostgres, storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { setUpPrivateModeInPage } from '../support/private-mode.ts';

/*
 * Letters to the future self in private mode, in chromium (ADR 098). As in private-entries.spec.ts, the key is set
 * up as a browser would (there is no set-up screen yet) and put where an unlock keeps it; the rest is the app's own:
 * the dialog seals the letter under the account key, says what the tick would give the server, the card lists the
 * subject opened in the page, and once delivered /me-ahead opens the letter while the e-mail holds nothing of it.
 */

const YEAR = new Date().getUTCFullYear() + 1;

test.describe('private letters to the future self', () => {
  test('writes a letter sealed under the account key, lists it, and reads it once delivered; the e-mail is a notice', async ({
    page,
    request,
    expectAccessible,
  }) => {
    test.slow();
    const user = await createVerifiedUser(request, 'Ada Private');
    await grantPlan(user.email, 'premium');
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

    const card = page.getByRole('region', { name: 'Future Self' });
    await card.getByRole('button', { name: 'Schedule a message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write to your future self' });
    await expect(dialog.getByText('sealed in this browser with your private key')).toBeVisible();
    const subject = 'The kingfisher letter';
    const body = 'Did the kingfisher come back to the mill pond?';
    await dialog.getByLabel('Subject', { exact: true }).fill(subject);
    await dialog.getByLabel('Message', { exact: true }).fill(body);
    await dialog.getByLabel('Date', { exact: true }).fill(`${YEAR}-03-01`);
    await dialog.getByLabel(/^Time/).fill('09:30');
    await dialog.getByRole('radio', { name: 'Both' }).click();
    const tick = dialog.getByRole('checkbox', { name: 'Include the message in the e-mail' });
    await expect(tick).not.toBeChecked();
    await expect(tick).toHaveAccessibleDescription(/server will read this one message/);
    await expectAccessible();
    await dialog.getByRole('button', { name: 'Schedule message' }).click();
    await expect(page.getByText(FUTURE_MESSAGE_MESSAGES.scheduled(`1 Mar ${YEAR}, 09:30`))).toBeVisible();

    // Listed with its subject, opened in the page; stored as version 2 with nothing readable.
    const upcoming = card.getByRole('list', { name: 'Upcoming messages' });
    await expect(upcoming.getByText(subject)).toBeVisible();
    const rows = await storedRows(
      'select encrypted_content, encryption_version, metadata from future_messages where user_id = $1',
      [userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ encryption_version: 2 });
    expect(JSON.stringify(rows)).not.toContain('kingfisher');
    expect(JSON.stringify(rows)).not.toContain('email_copy');

    test.skip(
      !runsOnPostgres(),
      'making a letter due moves its send time in the database beside the server: PostgreSQL only, as in CI',
    );
    await makePendingMessageDue(user.email);
    await card.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(page.getByText(/^Processed \d+ due messages?$/)).toBeVisible();

    // By e-mail: the notice, whose only link is the app's page.
    const mail = await mailTo(request, user.email, /^A message from your past self is waiting for you$/);
    expect(mail.links.every((link) => link.endsWith('/me-ahead'))).toBe(true);

    // In the app: /me-ahead opens it in the page.
    await page.goto('/me-ahead');
    const list = page.getByRole('list', { name: 'Your messages' });
    const row = list.getByRole('listitem').filter({ hasText: subject });
    await row.getByRole('button', { name: `Read “${subject}”` }).click();
    await expect(row.getByText(body)).toBeVisible();
    await expectAccessible();

    // Without the key (this tab forgets it), the letter is locked.
    await page.evaluate((name) => sessionStorage.removeItem(name), `daybook-account-key-${userId}`);
    await page.reload();
    await expect(page.getByText(PRIVATE_MODE_MESSAGES.futureMessageLocked).first()).toBeVisible();
    await expect(page.getByText(body)).toHaveCount(0);
  });
});
