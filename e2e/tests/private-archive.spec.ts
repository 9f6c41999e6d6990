import { readFile } from 'node:fs/promises';
import { ArchiveManifest, PRIVATE_IMPORT_MESSAGES } from '@daybook/shared';
import sharp from 'sharp';
import { buildZip, unzip } from '../../apps/server/test/support/zip.ts';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { grantPlan, storedMediaFile, storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';
import { setUpPrivateModeInPage } from '../support/private-mode.ts';

/*
 * Export and import of a private-mode account in chromium (ADR 099). The set-up and unlock screens are built
 * elsewhere, so the key is set up as a browser would, with the shared key layer, and put where an unlock keeps it
 * (as private-entries.spec.ts does); everything after is the app's own: /export reads a Day One export in the
 * page, seals each entry and sends ciphertext, the journal shows them, the archive is built and zipped in the page,
 * and the import is undone as a whole.
 */

const PHRASES = ['Lanterns on the Kamo river', 'The ferry to Miyajima', 'Deer bowing for crackers'];

/** A photo as a phone takes one: a JPEG, larger than a thumbnail. */
const lanternPhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#c8642d' } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A Day One export as Day One writes it (ADR 070): one journal per file, in the export's folder, with a photo. */
function dayOneArchive(photo: Buffer): Buffer {
  const entries = PHRASES.map((text, i) => ({
    uuid: `DD00000000000000000000000000000${i + 1}`,
    creationDate: `2023-04-0${i + 1}T10:00:00Z`,
    timeZone: 'Asia/Tokyo',
    text: i === 0 ? `${text}.\n\n![](dayone-moment://PHOTO1)` : `${text}.`,
    tags: ['Japan'],
    ...(i === 0
      ? { photos: [{ identifier: 'PHOTO1', md5: 'abcdefabcdefabcdefabcdefabcdefab', type: 'jpeg' }] }
      : {}),
  }));
  return buildZip([
    {
      name: 'Export/Kyoto.json',
      data: JSON.stringify({ metadata: { version: '1.0' }, entries }),
      isDeflated: true,
    },
    { name: 'Export/photos/abcdefabcdefabcdefabcdefabcdefab.jpeg', data: photo },
  ]);
}

test.describe('private mode export and import', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a Day One export imported in the browser, read, exported again, and undone', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    // Photos are in the plans that hold media, as for any upload.
    await grantPlan(user.email, 'premium');
    // The browser's file picker would wait for a person: the page then saves the archive as a download.
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await signInAs(page, user);
    const [{ id: userId }] = (await storedRows('select id from users where email = $1', [user.email])) as [
      { id: string },
    ];
    const _accountKey = await setUpPrivateModeInPage(
      page,
      user,
      userId,
      'lanterns float down the river at night',
    );

    await page.goto('/export');
    const section = page.getByRole('region', { name: 'Import entries' });
    await expect(section).toContainText(PRIVATE_IMPORT_MESSAGES.attachmentsSealed);
    await expectAccessible();
    const uploads: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST') uploads.push(sent.postData() ?? '');
    });
    await section.getByLabel('Choose a .zip archive').setInputFiles({
      name: 'dayone-export.zip',
      mimeType: 'application/zip',
      buffer: dayOneArchive(await lanternPhoto()),
    });
    await expect(section.getByRole('heading', { name: 'Ready to import: Day One export' })).toBeVisible();
    // The photo comes in: counted, not listed as left out.
    await expect(section.getByText('Attachments', { exact: true })).toBeVisible();
    await expect(section.getByText('Attachments left out')).toHaveCount(0);
    await expect(section.getByText('photos/abcdefabcdefabcdefabcdefabcdefab.jpeg')).toHaveCount(0);
    await expectAccessible();
    // For a person to look at: the preview as a private account sees it.
    await lookAt(section, test.info().outputPath('private-import-preview.png'));
    await section.getByRole('button', { name: 'Import 3 entries' }).click();
    // The photo is moderated by the model's worker in the page before it is sealed: allow for its first load.
    await expect(section.getByText('Imported 3 entries, encrypted in this browser.')).toBeVisible({
      timeout: 90_000,
    });

    // The server holds ciphertext: no phrase in what was sent or stored.
    const rows = await storedRows(
      'select encrypted_content, encryption_version, mood_tag, import_key, import_batch_id from entries where user_id = $1',
      [userId],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ encryption_version: 2, mood_tag: null });
    for (const phrase of [...PHRASES, 'DD0000', 'Japan', 'JFIF', 'abcdefabcdef'])
      expect(JSON.stringify(rows) + uploads.join('\n'), phrase).not.toContain(phrase);
    // The photo is the first entry's own, sealed with a thumbnail made in the page.
    const withPhoto = await storedRows(
      'select media_url, media_thumb_width from entries where user_id = $1 and media_url is not null',
      [userId],
    );
    expect(withPhoto).toHaveLength(1);
    expect(withPhoto[0]).toMatchObject({ media_thumb_width: 320 });
    // Stored as the page sealed it: a container under the account key, no JPEG in it.
    const photoPath = String((withPhoto[0] as { media_url: string }).media_url);
    const storedPhoto = storedMediaFile(photoPath);
    expect(storedPhoto.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(storedPhoto.includes('JFIF')).toBe(false);

    // The journal opens them in the page.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'All Time' }).click();
    await expect(page.getByText(`${PHRASES[1]}.`)).toBeVisible();
    // The photo shows on its card, opened in the page from what the server stored sealed.
    const card = page.getByRole('article').filter({ hasText: PHRASES[0]! });
    const opener = card.getByRole('button', { name: 'Attached photo' });
    await expect(opener).toHaveAttribute('data-state', 'full', { timeout: 30_000 });
    const full = opener.locator('img[data-layer="full"]');
    await expect(full).toHaveAttribute('src', /^blob:/);
    expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);

    // The archive, built and zipped in the page, holds the texts.
    await page.goto('/export');
    const exporting = page.getByRole('region', { name: 'Export your journal' });
    await expect(exporting).toContainText('3 entries');
    const download = page.waitForEvent('download');
    await exporting.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^daybook-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(exporting.getByRole('status')).toContainText('is saved');
    const files = await unzip(await readFile(await file.path()));
    const manifest = ArchiveManifest.parse(JSON.parse(files.get('entries.json')!.toString('utf8')));
    expect(manifest.entries.map((entry) => entry.text.split('\n')[0])).toEqual(
      PHRASES.map((text) => `${text}.`),
    );
    expect(files.has(manifest.entries[0]!.markdownPath)).toBe(true);

    // Undone as a whole under "Your imports".
    const imports = page.getByRole('region', { name: 'Your imports' });
    await imports.getByRole('button', { name: /^Remove the Day One export imported / }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove these 3 imported entries?' });
    await dialog.getByRole('button', { name: 'Remove 3 imported entries' }).click();
    await expect(imports.getByText('Nothing imported yet.')).toBeVisible();
    expect(await storedRows('select id from entries where user_id = $1', [userId])).toHaveLength(0);
    // The photo went with its entry.
    expect(() => storedMediaFile(photoPath)).toThrow(/ENOENT/);
  });
});
