import sharp from 'sharp';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { MEDIA_USER } from '../support/fixture-users.ts';
import { expect, test } from '../support/fixtures.ts';

async function saveEntry(page: import('@playwright/test').Page, text: string) {
  const box = page.getByRole('textbox', { name: "What's on your mind?" });
  await box.click();
  await box.fill(text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible({ timeout: 15_000 });
  // The card clears itself once the save is answered: the next entry is written after that.
  await expect(box).toHaveValue('');
  return card;
}

test.describe('media', () => {
  test('a Free user attaches a large image: it is scaled, saved, and shown in the list and the viewer', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    await page.getByRole('textbox', { name: "What's on your mind?" }).click();
    await page.getByRole('button', { name: 'Attach media' }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('tab', { name: 'Audio' })).toBeDisabled();
    await expect(panel.getByRole('tab', { name: 'Video' })).toBeDisabled();
    await expect(panel.getByRole('tab', { name: 'Image' })).toBeEnabled();

    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer();
    await panel
      .locator('input[type="file"]')
      .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(panel.getByRole('button', { name: 'Remove' })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');

    const card = await saveEntry(page, 'The harbour at low tide');
    await card
      .getByRole('button', { name: /media|photo|image|view/i })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: 'Media Viewer' });
    const image = viewer.locator('img');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1920);
  });

  test('a Premium user records audio and video with the browser recorders and saves them', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, MEDIA_USER);
    for (const kind of ['Audio', 'Video'] as const) {
      await page.getByRole('textbox', { name: "What's on your mind?" }).click();
      await page.getByRole('button', { name: 'Attach media' }).click();
      const panel = page.getByRole('dialog');
      await panel.getByRole('tab', { name: kind }).click();
      await panel.getByRole('button', { name: 'Start recording' }).click();
      await page.waitForTimeout(1500);
      await panel.getByRole('button', { name: 'Stop' }).click();
      await panel.getByRole('button', { name: 'Use Recording' }).click();
      await expect(panel.getByRole('button', { name: 'Remove' })).toBeVisible({ timeout: 20_000 });
      await page.keyboard.press('Escape');
      await saveEntry(page, `${kind} note from the walk`);
    }
    const list = await (await page.request.get('/api/entries')).json();
    expect(list.entries.map((e: { contentType: string }) => e.contentType).sort()).toEqual([
      'audio',
      'video',
    ]);
  });
});
