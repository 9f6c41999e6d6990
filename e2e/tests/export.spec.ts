import { readFile } from 'node:fs/promises';
import { ARCHIVE_LAYOUT, ArchiveManifest, ENTRY_MESSAGES, EXPORT_MESSAGES } from '@daybook/shared';
import type { Page } from '@playwright/test';
import { unzip as unzipBuffer } from '../../apps/server/test/support/zip.ts';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = process.env.EXPORT_SHOTS_DIR;
const TEXT = 'The lighthouse keeper waved from the gallery #sea';

/** Every file of a (small) zip, by path, as text. */
async function unzip(file: string): Promise<Map<string, string>> {
  const files = await unzipBuffer(await readFile(file));
  return new Map([...files].map(([name, bytes]) => [name, bytes.toString('utf8')]));
}

/** Writes one entry through the dashboard, as a person would (the text is encrypted in the browser). */
async function writeEntry(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: "What's on your mind?" });
  await box.click({ timeout: 20_000 });
  await box.fill(text);
  await page.getByRole('button', { name: /Choose mood/ }).click();
  await page.getByRole('button', { name: 'Grateful', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();
}

/**
 * Holds the archive request until `release` is called, so the running state (progress bar, Cancel) can be seen
 * however fast a small archive downloads.
 */
async function holdArchive(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/export/archive**', async (route) => {
    await released;
    // After a cancel the browser has dropped the request: nothing is left to continue.
    await route.continue().catch(() => undefined);
  });
  return release;
}

test.describe('export', () => {
  // Signing in derives the entry key and the first write loads the editor: slow on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test('exports from the page with a progress bar; the archive holds the entry text', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    await writeEntry(page, TEXT);

    await page.goto('/data-export');
    await expect(page.getByRole('heading', { level: 1, name: 'Data & Export' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Export your journal' });
    await expect(section).toContainText('1 entry from');
    await expectAccessible();

    const release = await holdArchive(page);
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(section.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Cancel export' })).toBeFocused();
    await expectAccessible();
    release();

    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^daybook-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(section.getByRole('status')).toContainText('has been downloaded');
    await expect(section.getByRole('progressbar')).toHaveCount(0);

    const files = await unzip(await file.path());
    const manifest = ArchiveManifest.parse(JSON.parse(files.get(ARCHIVE_LAYOUT.manifest)!));
    expect(manifest.entries).toHaveLength(1);
    expect(manifest.entries[0]).toMatchObject({ text: TEXT, moodTag: 'Grateful', themes: ['#sea'] });
    const markdown = files.get(manifest.entries[0]!.markdownPath)!;
    expect(markdown).toContain('mood: "Grateful"');
    expect(markdown).toContain(TEXT);
    expect(files.get(ARCHIVE_LAYOUT.readme)).toContain('entries.json');

    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expectAccessible();
  });

  test('cancel stops the export and says so; a new account sees the empty state', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user, '/export');
    const section = page.getByRole('region', { name: 'Export your journal' });
    await expect(section).toContainText('No entries yet');
    await expect(section.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();

    await page.goto('/dashboard');
    await writeEntry(page, 'Cancelled before it left');
    await page.goto('/export');
    await expect(section).toContainText('1 entry from');

    const release = await holdArchive(page);
    await section.getByRole('button', { name: 'Export', exact: true }).click();
    await section.getByRole('button', { name: 'Cancel export' }).click();
    await expect(section.getByRole('status')).toContainText(EXPORT_MESSAGES.cancelled);
    await expect(section.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();
    release();
  });

  test('screenshots in light and dark, for a person to look at (EXPORT_SHOTS_DIR) @mobile', async ({
    page,
    request,
  }) => {
    test.skip(!SHOTS, 'set EXPORT_SHOTS_DIR to take them');
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    await writeEntry(page, TEXT);
    await page.goto('/export');
    const section = page.getByRole('region', { name: 'Export your journal' });
    await expect(section).toContainText('1 entry from');
    const width = page.viewportSize()!.width;
    await page.screenshot({ path: `${SHOTS}/export-${width}-light.png`, fullPage: true });
    await holdArchive(page);
    await section.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(section.getByRole('progressbar')).toBeVisible();
    await page.evaluate(() => {
      localStorage.setItem('theme', 'dark');
      document.documentElement.classList.add('dark');
    });
    await page.screenshot({ path: `${SHOTS}/export-${width}-dark-running.png`, fullPage: true });
  });
});
