import { ENTRY_MESSAGES, STREAK_MESSAGES } from '@daybook/shared';
import { format, subYears } from 'date-fns';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { MEMORIES_USER } from '../support/fixture-users.ts';
import { expect, test } from '../support/fixtures.ts';

const MOOD_PROMPT = "You've written about Grateful. What helped you with Grateful this week?";

test.describe('streaks and the dashboard companions', () => {
  // Each test signs in, derives the entry key and writes through the real server: slow on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('writing an entry starts the streak, fills the mood ring and the overview, without a reload', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const streak = page.getByRole('region', { name: 'Streak' });
    // The first visit derives the entry key and loads the companions' code: give it time on a busy machine.
    await expect(streak).toContainText(STREAK_MESSAGES.headline(0), { timeout: 20_000 });
    await expect(streak).toContainText(STREAK_MESSAGES.start);
    const mood = page.getByRole('region', { name: 'Mood' });
    await expect(mood).toContainText('No mood yet today');
    await expect(page.getByRole('region', { name: 'Insights overview' })).toContainText('No data');

    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('Fixed the bike chain myself, then a long ride by the canal.');
    await page.getByRole('button', { name: /Choose mood/ }).click();
    await page.getByRole('button', { name: 'Grateful', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();

    // The same page, refreshed by the write itself (the streak's query lives under the journal's key).
    await expect(streak).toContainText(STREAK_MESSAGES.headline(1));
    await expect(streak).toContainText(STREAK_MESSAGES.greatStart);
    await expect(streak).toContainText(STREAK_MESSAGES.goalText(1, 7));
    await expect(streak.getByRole('img', { name: /^Today, .*: Entry made$/ })).toBeVisible();
    await expect(mood.getByRole('img', { name: /1 positive, 0 neutral, 0 negative/ })).toBeVisible();
    await expect(mood).toContainText('Grateful');
    const overview = page.getByRole('region', { name: 'Insights overview' });
    await expect(overview).toContainText(STREAK_MESSAGES.headline(1));
    await expect(overview).toContainText('Positive100.0%');
    await expectAccessible();

    // A mood of the ring puts its prompt in the entry box.
    await mood.getByRole('button', { name: /^Write about Grateful/ }).click();
    await expect(box).toHaveAttribute('placeholder', MOOD_PROMPT);
    await expect(box).toBeFocused();

    // The tooltip of today's dot, from the keyboard.
    await streak.getByRole('img', { name: /^Today, / }).focus();
    await expect(page.getByRole('tooltip')).toContainText(STREAK_MESSAGES.entryMade);

    // The entry list's streak card says the same.
    await page.goto('/past-entries');
    const listStreak = page.getByRole('region', { name: 'Streak' });
    await expect(listStreak).toContainText(STREAK_MESSAGES.headline(1), { timeout: 20_000 });
    await expect(listStreak).toContainText(STREAK_MESSAGES.greatStart);
    await expectAccessible();
  });

  test('the streak follows an entry written in another tab, through the live event', async ({
    page,
    request,
    context,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const streak = page.getByRole('region', { name: 'Streak' });
    await expect(streak).toContainText(STREAK_MESSAGES.start, { timeout: 20_000 });

    const other = await context.newPage();
    await other.goto('/new-entry');
    await other.getByRole('textbox', { name: "What's on your mind?" }).fill('Written in the other tab.');
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(other.getByText(ENTRY_MESSAGES.created)).toBeVisible();

    await expect(streak).toContainText(STREAK_MESSAGES.headline(1), { timeout: 15_000 });
    await expect(streak).toContainText(STREAK_MESSAGES.greatStart);
    await other.close();
  });

  test('On This Day shows the entry from a year ago, decrypted, and opens it on its day', async ({
    page,
    expectAccessible,
  }) => {
    await signInAs(page, MEMORIES_USER);
    const card = page.getByRole('region', { name: 'On this day' });
    const yearAgo = card.getByRole('link', { name: new RegExp(MEMORIES_USER.yearAgoText.slice(0, 30)) });
    await expect(yearAgo).toBeVisible({ timeout: 20_000 });
    await expect(yearAgo).toContainText('1 year ago');
    await expect(card.getByRole('link', { name: /First frost on the allotment/ })).toContainText(
      '1 month ago',
    );
    await expectAccessible();

    await yearAgo.click();
    const day = subYears(new Date(), 1);
    await expect(page).toHaveURL(new RegExp(`date=${format(day, 'yyyy-MM-dd')}`));
    await expect(
      page.getByText(
        `Date: ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(day)}`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: MEMORIES_USER.yearAgoText })).toBeVisible();
  });

  test('the companions fit the screen, a phone too, without sideways scrolling @mobile', async ({
    page,
    expectAccessible,
  }) => {
    await signInAs(page, MEMORIES_USER);
    await expect(page.getByRole('region', { name: 'Daily affirmation' })).toBeVisible({ timeout: 20_000 });
    // On a phone the companions follow the journal and load as they near the screen (ADR 051): scroll down to
    // them, as a person would, until they are there (the journal above them can still be growing).
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByRole('region', { name: 'Streak' })).toContainText(STREAK_MESSAGES.headline(0), {
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'On this day' })).toContainText('1 year ago', {
      timeout: 20_000,
    });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectAccessible();
  });
});
