import { FUTURE_MESSAGE_MESSAGES } from '@daybook/shared';
import type { Page } from '@playwright/test';
import { createVerifiedUser, mailTo, signInAs } from '../support/accounts.ts';
import { grantPlan, makePendingMessageDue, runsOnPostgres } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

/** Next year's March: always more than 5 minutes and less than 10 years ahead, whatever today is. */
const YEAR = new Date().getUTCFullYear() + 1;

const futureSelfCard = (page: Page) => page.getByRole('region', { name: 'Future Self' });

/**
 * Schedules a message through the card's dialog, as a person would. The time is typed in the user's zone and
 * shown back in it, so the listed time is the typed one whatever zone the account has.
 */
async function scheduleMessage(
  page: Page,
  message: {
    subject: string;
    body: string;
    date: string;
    time: string;
    channel: 'E-mail' | 'Both';
    /** How the card shows the send time, e.g. "1 Mar 2027, 09:30". */
    shownAs: string;
  },
  checkAccessible?: () => Promise<void>,
) {
  await futureSelfCard(page).getByRole('button', { name: 'Schedule a message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to your future self' });
  await dialog.getByLabel('Subject', { exact: true }).fill(message.subject);
  await dialog.getByLabel('Message', { exact: true }).fill(message.body);
  await dialog.getByLabel('Date', { exact: true }).fill(message.date);
  await dialog.getByLabel(/^Time/).fill(message.time);
  await dialog.getByRole('radio', { name: message.channel }).click();
  await expect(dialog.getByRole('radio', { name: message.channel })).toBeChecked();
  await checkAccessible?.();
  await dialog.getByRole('button', { name: 'Schedule message' }).click();
  await expect(page.getByText(FUTURE_MESSAGE_MESSAGES.scheduled(message.shownAs))).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('messages to your future self', () => {
  test('a Premium user schedules two, cancels one, and the other, once due, arrives by e-mail and as the banner', async ({
    page,
    request,
    expectAccessible,
  }) => {
    test.skip(
      !runsOnPostgres(),
      'making a message due moves its send time in the database beside the server: PostgreSQL only (DATABASE_URL), as in CI',
    );
    test.slow();
    const user = await createVerifiedUser(request, 'Ada Futura');
    await grantPlan(user.email, 'premium');
    await signInAs(page, user);

    const card = futureSelfCard(page);
    await expect(card.getByText('Nothing scheduled yet.')).toBeVisible();
    await expectAccessible();

    const kept = {
      subject: 'Open me on a March morning',
      body: 'Did the lemon tree on the balcony make it through the winter?',
      date: `${YEAR}-03-01`,
      time: '09:30',
      channel: 'Both',
      shownAs: `1 Mar ${YEAR}, 09:30`,
    } as const;
    await scheduleMessage(page, kept, expectAccessible);

    // It is listed with its decrypted subject and its time.
    const upcoming = card.getByRole('list', { name: 'Upcoming messages' });
    const keptRow = upcoming.getByRole('listitem').filter({ hasText: kept.subject });
    await expect(keptRow).toBeVisible();
    await expect(keptRow.getByText(kept.shownAs)).toBeVisible();

    // A second one, listed after the first by send time, then cancelled.
    const cancelled = {
      subject: 'A second thought',
      body: 'This one I will take back.',
      date: `${YEAR}-03-02`,
      time: '18:45',
      channel: 'E-mail',
      shownAs: `2 Mar ${YEAR}, 18:45`,
    } as const;
    await scheduleMessage(page, cancelled);
    await expect(upcoming.getByRole('listitem')).toHaveCount(2);
    await expect(upcoming.getByRole('listitem').nth(0)).toContainText(kept.subject);
    await expect(upcoming.getByRole('listitem').nth(1)).toContainText(cancelled.subject);
    await expect(upcoming.getByRole('listitem').nth(1)).toContainText(cancelled.shownAs);
    await expectAccessible();

    await upcoming.getByRole('button', { name: `Cancel “${cancelled.subject}”` }).click();
    // Cancelling asks first (ADR 062).
    const confirm = page.getByRole('dialog', { name: 'Cancel this message?' });
    await confirm.getByRole('button', { name: 'Cancel message' }).click();
    await expect(page.getByText(FUTURE_MESSAGE_MESSAGES.cancelled, { exact: true })).toBeVisible();
    await expect(upcoming.getByRole('listitem')).toHaveCount(1);
    await expect(upcoming.getByText(cancelled.subject)).toHaveCount(0);
    await expect(keptRow).toBeVisible();

    // Its send time comes (moved into the past beside the server), and "Test" delivers what is due now.
    await makePendingMessageDue(user.email);
    await card.getByRole('button', { name: 'Test', exact: true }).click();
    // The every-minute job may have delivered it first; either way it leaves the pending list.
    await expect(page.getByText(/^Processed \d+ due messages?$/)).toBeVisible();
    await expect(card.getByText('Nothing scheduled yet.')).toBeVisible();

    // The e-mail, in readable form, in the local mailbox.
    const mail = await mailTo(
      request,
      user.email,
      /^A message from your past self: Open me on a March morning$/,
    );
    expect(mail.links.some((link) => link.endsWith('/me-ahead'))).toBe(true);

    // The banner on the dashboard, with the message's own subject decrypted in the browser.
    await page.reload();
    const banner = page.getByRole('region', { name: FUTURE_MESSAGE_MESSAGES.bannerTitle });
    await expect(banner.getByText(FUTURE_MESSAGE_MESSAGES.bannerTitle)).toBeVisible();
    await expect(banner.getByText(`“${kept.subject}”`)).toBeVisible();
    await expectAccessible();
    await banner.getByRole('button', { name: FUTURE_MESSAGE_MESSAGES.readNow }).click();
    await expect(page).toHaveURL(/\/notifications$/);
  });

  test('a Free user sees the locked card and the way to upgrade', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const locked = futureSelfCard(page).getByRole('button', { name: 'Schedule a message' });
    await expect(locked).toHaveAttribute('data-locked', '');
    await expect(locked).toHaveAccessibleDescription(FUTURE_MESSAGE_MESSAGES.upgradeTooltip);
    await expect(futureSelfCard(page).getByRole('list', { name: 'Upcoming messages' })).toHaveCount(0);
    await expectAccessible();

    await locked.click();
    const upgrade = page.getByRole('dialog', { name: FUTURE_MESSAGE_MESSAGES.upgradeTooltip });
    await expect(upgrade.getByRole('link', { name: 'See Premium' })).toHaveAttribute(
      'href',
      '/profile#subscription',
    );
    await expectAccessible();
  });
});
