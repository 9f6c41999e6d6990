import sharp from 'sharp';
import { buildZip } from '../../apps/server/test/support/zip.ts';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

/** A Day One JSON export as Day One writes it: Journal.json and the photo named by its md5. */
async function dayOneArchive(): Promise<Buffer> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  const journal = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'E2E0000000000000000000000000A001',
        creationDate: '2023-06-01T05:10:00Z',
        timeZone: 'Europe/Lisbon',
        text: 'Lighthouse walk at dawn\n\n![](dayone-moment://PH1)',
        tags: ['Sea'],
        photos: [
          { identifier: 'PH1', md5: 'e2e0photo0000000000000000000001', type: 'jpeg', orderInEntry: 0 },
        ],
      },
      {
        uuid: 'E2E0000000000000000000000000A002',
        creationDate: '2022-12-24T18:00:00Z',
        timeZone: 'Europe/London',
        text: 'Snow on the hills',
      },
    ],
  };
  return buildZip([
    { name: 'Journal.json', data: JSON.stringify(journal), isDeflated: true },
    { name: 'photos/e2e0photo0000000000000000000001.jpeg', data: photo },
  ]);
}

test.describe('import', () => {
  // Upload, image moderation, axe twice and four screenshots on a shared two-core machine.
  test.describe.configure({ timeout: 90_000 });

  test('a Day One archive imported from /export shows its entries under All Time, and is removed as a whole', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request, 'Grace Hopper');
    await signInAs(page, user, '/export');
    const section = page.getByRole('region', { name: 'Import entries' });
    await expect(section).toBeVisible();
    await expectAccessible();

    await section.getByLabel('Choose a .zip archive or drop it here').setInputFiles({
      name: 'dayone-export.zip',
      mimeType: 'application/zip',
      buffer: await dayOneArchive(),
    });

    // A job on the server checks the archive (ADR 077); the page follows it through live events.
    await expect(section.getByRole('heading', { name: 'Ready to import: Day One export' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(section.getByText('24 Dec 2022 to 1 Jun 2023')).toBeVisible();
    await expectAccessible();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`import-preview-${width}.png`), fullPage: true });
    }

    await section.getByRole('button', { name: 'Import 2 entries' }).click();
    await expect(section.getByText('Imported 2 entries with 1 attachment.')).toBeVisible({ timeout: 30_000 });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`import-report-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible();
    await page.screenshot({ path: test.info().outputPath('import-report-dark.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });

    await section.getByRole('link', { name: 'See them on your dashboard' }).click();
    await page.getByRole('button', { name: 'All Time' }).click();
    const articles = page.getByRole('article');
    await expect(articles).toHaveCount(2);
    await expect(articles.filter({ hasText: 'Lighthouse walk at dawn' })).toBeVisible();
    await expect(articles.filter({ hasText: '#sea' })).toBeVisible();
    await expect(articles.filter({ hasText: 'Snow on the hills' })).toBeVisible();

    // An imported entry, years past its 12-hour window, offers Delete but not Edit (ADR 068).
    const snow = articles.filter({ hasText: 'Snow on the hills' });
    await expect(snow.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(snow.getByRole('button', { name: 'Delete' })).toBeVisible();

    // The import is listed on /export and removed as a whole.
    await page.goto('/export');
    const imports = page.getByRole('region', { name: 'Your imports' });
    await expect(imports.getByText(/^2 entries, 1 with an attachment · /)).toBeVisible();
    await expectAccessible();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await imports.screenshot({ path: test.info().outputPath(`import-batches-${width}.png`) });
    }
    await imports.getByRole('button', { name: /^Remove the Day One export imported / }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove these 2 imported entries?' });
    await dialog.getByRole('button', { name: 'Remove 2 imported entries' }).click();
    await expect(page.getByText('Removed 2 imported entries.')).toBeVisible();
    await expect(imports.getByText('Nothing imported yet.')).toBeVisible();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'All Time' }).click();
    await expect(page.getByText('No entries yet — write your first one above')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('a file that is not an archive gets a clear message', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'Alan Turing');
    await signInAs(page, user, '/export');
    const section = page.getByRole('region', { name: 'Import entries' });
    await section.getByLabel('Choose a .zip archive or drop it here').setInputFiles({
      name: 'notes.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('just some notes'),
    });
    await expect(section.getByRole('alert')).toContainText('This file is not a zip archive.');
    await section.getByRole('button', { name: 'Choose another archive' }).click();
    await expect(section.getByLabel('Choose a .zip archive or drop it here')).toBeAttached();
  });
});
