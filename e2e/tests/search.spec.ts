import { buildZip } from '../../apps/server/test/support/zip.ts';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';

/** Four years of a Day One journal, 1,200 entries, one a day back from 2024; only the oldest names Finisterre. */
function yearsOfDayOne(): Buffer {
  const day = 86_400_000;
  const newest = Date.UTC(2024, 11, 31, 20);
  const entries = Array.from({ length: 1200 }, (_, n) => ({
    uuid: `5EA2C0000000000000000000000${String(n).padStart(5, '0')}`,
    creationDate: new Date(newest - n * day).toISOString().replace(/\.\d+Z$/, 'Z'),
    timeZone: 'Europe/Madrid',
    text:
      n === 1199
        ? 'The lighthouse at **Finisterre**, where it all began.'
        : `Day ${n}: coffee, work, a walk by the river.`,
  }));
  return buildZip([
    {
      name: 'Journal.json',
      data: JSON.stringify({ metadata: { version: '1.0' }, entries }),
      isDeflated: true,
    },
  ]);
}

test('search over All Time finds an entry older than the newest 1,000, its words marked', async ({
  page,
  request,
  expectAccessible,
}) => {
  const user = await createVerifiedUser(request, 'Rosalía Castro');
  await signInAs(page, user, '/search');
  // Imported through the API as the import page does it: this test is about search, the import has its own.
  const uploaded = await page.request.post('/api/import', {
    multipart: {
      archive: { name: 'dayone.zip', mimeType: 'application/zip', buffer: yearsOfDayOne() },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(202);
  const id: string = (await uploaded.json()).id;
  // A job checks, then writes it (ADR 077).
  const stateOf = async () => (await (await page.request.get(`/api/import/${id}`)).json()).state;
  await expect.poll(stateOf, { timeout: 60_000 }).toBe('ready');
  expect((await page.request.post(`/api/import/${id}/confirm`)).status()).toBe(202);
  await expect.poll(stateOf, { timeout: 60_000 }).toBe('done');
  expect((await (await page.request.get(`/api/import/${id}`)).json()).report.imported).toBe(1200);

  const box = page.getByRole('searchbox', { name: 'Search entries' });
  await box.fill('finisterre');
  await box.press('Enter');
  await expect(page.getByText('1 entry found')).toBeVisible();
  const result = page.getByRole('article');
  await expect(result).toHaveCount(1);
  await expect(result).toContainText('The lighthouse at Finisterre, where it all began.');
  await expect(result.locator('mark')).toHaveText('Finisterre');
  await expectAccessible();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await lookAt(page, test.info().outputPath(`search-marked-${width}.png`), { fullPage: true });
  }

  // A later search reads the same decrypted journal: every entry of a word common to all but one.
  await box.fill('river');
  await box.press('Enter');
  await expect(page.getByText('1,199 entries found')).toBeVisible();
});
