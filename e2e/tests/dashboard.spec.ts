import { format, subDays } from 'date-fns';
import { signInAs } from '../support/accounts.ts';
import { DASHBOARD_USER } from '../support/fixture-users.ts';
import { expect, test } from '../support/fixtures.ts';

/** "Saturday, 21 November 2026": a calendar day's name as an en-GB browser writes it (ADR 085). */
const dayName = (date: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'full' }).format(date);
/** "21 Nov 2026" (and "21 Sept 2026"): the date chip's date as an en-GB browser writes it (ADR 085). */
const chipDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(date);

test.describe('dashboard', () => {
  // The dashboard also loads its companions (streak, moods, On This Day, ADR 029); axe over the fuller page and a
  // cold first sign-in take longer than 30 s on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 });

  test.beforeEach(async ({ page }) => {
    await signInAs(page, DASHBOARD_USER);
  });

  test('filter chips switch the range and reset paging; All Time pages 5 at a time and clamps', async ({
    page,
    expectAccessible,
  }) => {
    const thisWeek = page.getByRole('button', { name: 'This Week' });
    await expect(thisWeek).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article')).toHaveCount(0);

    await page.getByRole('button', { name: 'All Time' }).click();
    await expect(page.getByRole('article')).toHaveCount(5);
    await expectAccessible();
    const next = page.getByRole('button', { name: 'Next page' });
    await next.click();
    await next.click();
    await expect(page.getByRole('article')).toHaveCount(2);
    // Days 11 and 12 back are headed by their date, the day before the month as en-GB writes it (ADR 085).
    await expect(
      page.getByRole('heading', { level: 3, name: /^[A-Z][a-z]+day,? \d{1,2} [A-Z][a-z]+( \d{4})?$/ }),
    ).toHaveCount(2);
    await expect(
      page.getByRole('heading', { level: 3, name: /^[A-Z][a-z]+day, [A-Z][a-z]+ \d/ }),
    ).toHaveCount(0);
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: 'This Month' }).click();
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  test('picking a past date in the calendar disables the chips and hides the entry box', async ({ page }) => {
    const past = subDays(new Date(), 3);
    await page
      .getByRole('button', { name: new RegExp(`^${dayName(past)}, has entries`) })
      .first()
      .click();
    // The date chip's own clear button (the empty state of a date has a "Clear date" button too).
    const clearDate = page.getByRole('button', { name: 'Clear date' }).and(page.getByTitle('Clear date'));
    await expect(clearDate).toBeVisible();
    await expect(page.getByText(`Date: ${chipDate(past)}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'This Week' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: "What's on your mind?" })).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`date=${format(past, 'yyyy-MM-dd')}`));

    await clearDate.click();
    await expect(page.getByRole('textbox', { name: "What's on your mind?" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'This Week' })).toBeEnabled();
  });

  test('searching a word that exists only in encrypted text finds the entry', async ({ page }) => {
    await page.getByRole('button', { name: 'All Time' }).click();
    const search = page.getByRole('searchbox', { name: 'Search entries' });
    await search.fill(DASHBOARD_USER.secretWord.toUpperCase());
    await search.press('Enter');
    const results = page.getByRole('article');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText(`Walked out to the ${DASHBOARD_USER.secretWord}`);
    const timing = await page.evaluate(() => performance.getEntriesByName('daybook:search').length);
    expect(timing).toBeGreaterThan(0);
  });

  test('the calendar is keyboard-operable: arrows by day, PageUp by month, Shift+PageUp by year', async ({
    page,
  }) => {
    const today = new Date();
    const past = subDays(today, 2);
    const day = page.getByRole('button', { name: new RegExp(`^${dayName(past)}`) }).first();
    await day.click();
    // The keys move a chosen day; until the choice has been drawn (the day's entries load with it) they only
    // move focus, and the calendar then comes back to the chosen day, as a person would see it.
    await expect(
      page.getByRole('gridcell', { name: new RegExp(`^${dayName(past)}`) }).first(),
    ).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(
      page.getByRole('button', { name: new RegExp(`^${dayName(subDays(past, 1))}`) }).first(),
    ).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(
      page.getByRole('button', { name: new RegExp(`^${dayName(subDays(past, 8))}`) }).first(),
    ).toBeFocused();
    await page.keyboard.press('PageUp');
    const monthEarlier = new Date(subDays(past, 8));
    monthEarlier.setMonth(monthEarlier.getMonth() - 1);
    await expect(page.getByRole('grid', { name: format(monthEarlier, 'MMMM yyyy') })).toBeVisible();
    await page.keyboard.press('Shift+PageUp');
    const yearEarlier = new Date(monthEarlier);
    yearEarlier.setFullYear(yearEarlier.getFullYear() - 1);
    await expect(page.getByRole('grid', { name: format(yearEarlier, 'MMMM yyyy') })).toBeVisible();
    await page.getByRole('button', { name: 'Jump to today' }).click();
    await expect(page.getByRole('grid', { name: format(today, 'MMMM yyyy') })).toBeVisible();
  });

  test('past entries and the search page work over all time', async ({ page }) => {
    await page.goto('/past-entries');
    await expect(page.getByRole('article')).toHaveCount(5);
    await page.goto('/search');
    const search = page.getByRole('searchbox', { name: 'Search entries' });
    await search.fill('garden');
    await expect(page.getByText(/11 entries found/)).toBeVisible();
  });
});
