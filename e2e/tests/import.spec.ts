import sharp from 'sharp';
import { buildZip } from '../../apps/server/test/support/zip.ts';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';

/**
 * A Day One JSON export as Day One writes it: Journal.json, and files named by their md5: one entry with two photos
 * and a PDF (ADR 088).
 */
async function dayOneArchive(): Promise<Buffer> {
  const picture = (background: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
  const journal = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'E2E0000000000000000000000000A001',
        creationDate: '2023-06-01T05:10:00Z',
        timeZone: 'Europe/Lisbon',
        text: [
          'Lighthouse walk at dawn',
          '![](dayone-moment://PH1)',
          "The keeper's cottage",
          '![](dayone-moment://PH2)',
          'Colder than [last winter](dayone2://view?entryId=E2E0000000000000000000000000A002).',
        ].join('\n\n'),
        tags: ['Sea'],
        photos: [
          { identifier: 'PH1', md5: 'e2e0photo0000000000000000000001', type: 'jpeg', orderInEntry: 0 },
          { identifier: 'PH2', md5: 'e2e0photo0000000000000000000002', type: 'jpeg', orderInEntry: 1 },
        ],
        pdfAttachments: [{ identifier: 'PDF1', md5: 'e2e0pdf00000000000000000000000001', orderInEntry: 2 }],
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
    { name: 'photos/e2e0photo0000000000000000000001.jpeg', data: await picture('#3a6ea5') },
    { name: 'photos/e2e0photo0000000000000000000002.jpeg', data: await picture('#a55a3a') },
    { name: 'pdfs/e2e0pdf00000000000000000000000001.pdf', data: pdf },
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
      await lookAt(page, test.info().outputPath(`import-preview-${width}.png`), { fullPage: true });
    }

    await section.getByRole('button', { name: 'Import 2 entries' }).click();
    await expect(section.getByText('Imported 2 entries with 3 attachments.')).toBeVisible({
      timeout: 30_000,
    });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await lookAt(page, test.info().outputPath(`import-report-${width}.png`), { fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible();
    await lookAt(page, test.info().outputPath('import-report-dark.png'), { fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });

    await section.getByRole('link', { name: 'See them on your dashboard' }).click();
    await page.getByRole('button', { name: 'All Time' }).click();
    const articles = page.getByRole('article');
    await expect(articles).toHaveCount(2);
    await expect(articles.filter({ hasText: 'Lighthouse walk at dawn' })).toBeVisible();
    await expect(articles.filter({ hasText: '#sea' })).toBeVisible();
    await expect(articles.filter({ hasText: 'Snow on the hills' })).toBeVisible();

    // Both photos and the PDF of one entry, as a gallery; the text marks where each photo was (ADR 088).
    const lighthouse = articles.filter({ hasText: 'Lighthouse walk at dawn' });
    const gallery = lighthouse.getByRole('list', { name: '3 attachments' });
    await expect(gallery.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await expect(gallery.getByRole('img', { name: 'Photo 2' })).toBeVisible();
    await expect(gallery.getByRole('link', { name: 'Download PDF 3' })).toBeVisible();
    await expect(lighthouse.locator('[data-attachment-mark="2"]')).toHaveText('Photo 2');
    await expectAccessible();
    await lookAt(lighthouse, test.info().outputPath('import-gallery.png'));
    await gallery.getByRole('button', { name: 'Photo 2' }).press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Photo 2 of 3' });
    await expect(viewer.getByRole('img', { name: 'Attached image' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    // A link to another Day One entry opens the entry imported from it.
    await lighthouse.getByRole('link', { name: 'last winter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Linked Entry' })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Snow on the hills' })).toBeVisible();
    await expectAccessible();

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
      await lookAt(imports, test.info().outputPath(`import-batches-${width}.png`));
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
