import { ENTRY_MESSAGES, isMediaContainer, PRIVATE_MEDIA_MESSAGES } from '@daybook/shared';
import sharp from 'sharp';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { storedMediaFile, storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { setUpPrivateModeInPage } from '../support/private-mode.ts';

/*
 * Private mode's media in chromium (ADR 096). The key is set up as a browser would (no set-up screen is relied on:
 * another piece of work builds it), then everything is the app's own: the photo moderated by the browser's model in
 * its Web Worker, thumbnailed and sealed in the page, stored by the server as it came (a container under key kind
 * 1), opened in the page with the account key, again after a reload, and locked in a browser without the key.
 */

/** A photo-like landscape: sky, sun, sea and a hill, as a JPEG. */
const landscape = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#f6b26b"/><stop offset="1" stop-color="#6fa8dc"/></linearGradient></defs>
      <rect width="1200" height="800" fill="url(#sky)"/>
      <circle cx="850" cy="260" r="105" fill="#ffe599"/>
      <rect y="500" width="1200" height="300" fill="#2f5d7c"/>
      <path d="M0 550 Q 300 350 600 525 T 1200 500 V 800 H 0 Z" fill="#38761d"/>
    </svg>`),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

test.describe('private mode media', () => {
  test('a photo is moderated, thumbnailed and sealed in the browser, stored as a key-kind-1 container, and shown again after a reload', async ({
    page,
    browser,
    request,
  }) => {
    // Loading the model in the worker the first time and sealing, on a shared machine.
    test.setTimeout(120_000);
    const user = await createVerifiedUser(request);
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

    const sent: string[] = [];
    page.on('request', (request) => sent.push(new URL(request.url()).pathname));

    await page.getByRole('textbox', { name: "What's on your mind?" }).click();
    await page.getByRole('button', { name: 'Attach media' }).click();
    const panel = page.getByRole('dialog');
    await panel
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await landscape() });
    await expect(panel.getByRole('button', { name: 'Remove' })).toBeVisible({ timeout: 90_000 });
    await page.keyboard.press('Escape');
    // Moderated in the page, by the model's worker and its WebAssembly, never by the server.
    expect(sent).toContain('/api/media/sealed-drafts');
    expect(sent.some((p) => p.endsWith('.wasm'))).toBe(true);
    expect(sent).not.toContain('/api/moderation/image');
    expect(sent).not.toContain('/api/media/drafts');

    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('The harbour at low tide, for my eyes only');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();

    const card = page.getByRole('article').filter({ hasText: 'for my eyes only' });
    const shown = async () => {
      const opener = card.getByRole('button', { name: 'Attached photo' });
      await expect(opener).toHaveAttribute('data-state', 'full', { timeout: 30_000 });
      const full = opener.locator('img[data-layer="full"]');
      await expect(full).toHaveAttribute('src', /^blob:/);
      expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
      const thumbnail = opener.locator('img[data-layer="thumbnail"]');
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    };
    await shown();
    await page.reload();
    await shown();

    // What the server holds: the container under the account key, file and thumbnail alike.
    const [row] = await storedRows(
      'select media_url, encryption_version, media_thumb_width from entries where user_id = $1',
      [userId],
    );
    expect(row).toMatchObject({ encryption_version: 2, media_thumb_width: 320 });
    for (const stored of [String(row!.media_url), `${String(row!.media_url)}.thumb.webp`]) {
      const bytes = storedMediaFile(stored);
      expect(isMediaContainer(bytes), stored).toBe(true);
      expect(bytes[9], `${stored}: key kind 1`).toBe(1);
      await expect(sharp(bytes).metadata()).rejects.toThrow();
    }

    // A fresh browser, signed in but not unlocked: the photo is locked.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await signInAs(other, user);
    await expect(other.getByText(PRIVATE_MEDIA_MESSAGES.locked).first()).toBeVisible();
    await fresh.close();
  });
});
