import { ENTRY_MESSAGES } from '@daybook/shared';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

/** Markdown as Day One exports it: a heading, strong text, a list, and an escaped hyphen. */
const IMPORTED_MARKDOWN = [
  '# Sunday in Paris',
  '',
  'A **slow** morning, then a walk in Buttes\\-Chaumont\\.',
  '',
  '- bread',
  '- cheese',
].join('\n');

test.describe('Markdown entries', () => {
  test('an entry written in Markdown is read as Markdown, and search finds its text as read', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    // The quick entry card stays a plain text box: the Markdown is typed as it is.
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill(IMPORTED_MARKDOWN);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();

    const card = page.getByRole('article').filter({ hasText: 'Buttes-Chaumont' });
    await expect(card.getByRole('heading', { name: 'Sunday in Paris' })).toBeVisible();
    await expect(card.locator('strong', { hasText: 'slow' })).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveText(['bread', 'cheese']);
    await expect(card).not.toContainText('**');
    await expect(card).not.toContainText('\\-');
    await expectAccessible();

    await page.getByRole('button', { name: 'All Time' }).click();
    const search = page.getByRole('searchbox', { name: 'Search entries' });
    await search.fill('Buttes-Chaumont');
    await search.press('Enter');
    const results = page.getByRole('article');
    await expect(results).toHaveCount(1);
    await expect(results.first().getByRole('heading', { name: 'Sunday in Paris' })).toBeVisible();
  });
});
