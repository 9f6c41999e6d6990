import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { MEDIA_USER } from '../support/fixture-users.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';

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

/** A photo-like landscape (sky, sea, sun, a hill) as a large JPEG: something a person would recognise. */
const landscape = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#f6b26b"/><stop offset="1" stop-color="#6fa8dc"/></linearGradient></defs>
      <rect width="2400" height="1600" fill="url(#sky)"/>
      <circle cx="1700" cy="520" r="210" fill="#ffe599"/>
      <rect y="1000" width="2400" height="600" fill="#2f5d7c"/>
      <path d="M0 1100 Q 600 700 1200 1050 T 2400 1000 V 1600 H 0 Z" fill="#38761d"/>
    </svg>`),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

/** The dashboard with the photo entry at both widths in both themes, to look at (not compared; E2E_SHOTS=1 takes them, into THUMBS_SHOTS_DIR when set). */
async function dashboardShots(page: Page, testInfo: TestInfo) {
  const dir = process.env.THUMBS_SHOTS_DIR;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const name = `dashboard-photo-${width}-${colorScheme}.png`;
      await lookAt(page, dir ? `${dir}/${name}` : testInfo.outputPath(name), { fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe('media', () => {
  test('a Free user attaches a large image: it is scaled, saved, shown at the card width, and in the viewer with its date, caption and download', async ({
    page,
    request,
    expectAccessible,
  }, testInfo) => {
    // Uploading and moderating a large photo, an axe run and four full-page screenshots on a shared machine.
    test.setTimeout(90_000);
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    await page.getByRole('textbox', { name: "What's on your mind?" }).click();
    await page.getByRole('button', { name: 'Attach media' }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('tab', { name: 'Audio' })).toBeDisabled();
    await expect(panel.getByRole('tab', { name: 'Video' })).toBeDisabled();
    await expect(panel.getByRole('tab', { name: 'Image' })).toBeEnabled();

    const photo = await landscape();
    await panel
      .locator('input[type="file"]')
      .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(panel.getByRole('button', { name: 'Remove' })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');

    const card = await saveEntry(page, 'The harbour at low tide');
    // The photo fills the card's width at its own shape (ADR 086): the frame is drawn at the thumbnail's aspect
    // before anything loads, the server's 320 × 213 thumbnail shows first, then the full picture fades in over it.
    const opener = card.getByRole('button', { name: 'Attached photo' });
    await expect(opener.getByRole('img', { name: 'Attached photo' })).toBeVisible();
    const frame = await opener.boundingBox();
    const article = await card.boundingBox();
    expect(frame?.width).toBeGreaterThan((article?.width ?? 0) - 60);
    expect(Math.abs((frame?.height ?? 0) - ((frame?.width ?? 0) * 213) / 320)).toBeLessThan(2);
    const thumbnail = opener.locator('img[data-layer="thumbnail"]');
    const fullPicture = opener.locator('img[data-layer="full"]');
    for (const layer of [thumbnail, fullPicture]) {
      await expect(layer).toHaveAttribute('loading', 'lazy');
      await expect(layer).toHaveAttribute('decoding', 'async');
    }
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(213);
    await expect(opener).toHaveAttribute('data-state', 'full');
    expect(await fullPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1920);
    await expectAccessible();
    await dashboardShots(page, testInfo);

    const viewer = page.getByRole('dialog', { name: 'Media Viewer' });
    for (const key of ['Enter', 'Space']) {
      await opener.focus();
      await page.keyboard.press(key);
      await expect(viewer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      // Focus goes back to the photo it was opened from.
      await expect(opener).toBeFocused();
    }
    await opener.click();
    const image = viewer.getByRole('img', { name: 'Attached image' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1920);
    // The entry's date, as this browser writes it on the entry's own clock, and its first line as the caption.
    const [entry] = (await (await page.request.get('/api/entries')).json()).entries as {
      createdAt: string;
      timeZone: string;
    }[];
    const written = await page.evaluate(
      ({ createdAt, timeZone }) => {
        const at = new Date(createdAt);
        const date = new Intl.DateTimeFormat(navigator.language, {
          weekday: 'long',
          month: 'long',
          day: 'numeric',
          year: 'numeric',
          timeZone,
        }).format(at);
        const time = new Intl.DateTimeFormat(navigator.language, {
          hour: 'numeric',
          minute: '2-digit',
          timeZone,
        }).format(at);
        return `${date} · ${time}`;
      },
      entry as { createdAt: string; timeZone: string },
    );
    await expect(viewer.locator('time')).toHaveText(written);
    await expect(viewer.locator('figcaption')).toHaveText('The harbour at low tide');
    await expectAccessible();
    // Download saves the full picture under a name a person can file: the day and time it was written.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^daybook-\d{4}-\d{2}-\d{2}-\d{4}\.jpg$/);
    const saved = await sharp(await download.path()).metadata();
    expect(saved).toMatchObject({ format: 'jpeg', width: 1920, height: 1280 });
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
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
      // Stopped once the recorder's own timer has passed a second, not after a fixed wait: on a busy machine the
      // recording starts later than the click, and the file's length is the recorder's.
      await expect(panel.getByRole('timer', { name: 'Recording time' })).toHaveText(/^0:0[2-9] \//);
      await panel.getByRole('button', { name: 'Stop' }).click();
      await panel.getByRole('button', { name: 'Use Recording' }).click();
      await expect(panel.getByRole('button', { name: 'Remove' })).toBeVisible({ timeout: 20_000 });
      await page.keyboard.press('Escape');
      await saveEntry(page, `${kind} note from the walk`);
    }
    const list = await (await page.request.get('/api/entries')).json();
    const entries: { id: string; contentType: string; hasThumbnail: boolean }[] = list.entries;
    expect(entries.map((e) => e.contentType).sort()).toEqual(['audio', 'video']);
    // The video's poster is a frame the browser sampled, shown at the card's width under a play mark with the
    // video's length (ADR 086).
    const videoCard = page.getByRole('button', { name: 'Play video' });
    const poster = videoCard.locator('img');
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(videoCard).toHaveAccessibleDescription(/^0:0[1-9]$/, { timeout: 15_000 });
    // The voice note shows its length before it is played, and plays on its card.
    const voiceNote = page.getByRole('article').filter({ hasText: 'Audio note from the walk' });
    const time = voiceNote.getByTestId('voice-note-time');
    await expect(time).toHaveText(/^0:0[1-9]$/, { timeout: 15_000 });
    await voiceNote.getByRole('button', { name: 'Play voice note' }).click();
    await expect(time).toHaveText(/^0:0\d \/ 0:0[1-9]$/);
    await voiceNote.getByRole('button', { name: 'Pause voice note' }).click();
    await expect(voiceNote.getByRole('button', { name: 'Play voice note' })).toBeVisible();

    // The stored files say how long they are (ADR 062): a player reads a finite duration from the
    // header alone, where a MediaRecorder's WebM said nothing and the controls showed "0:00".
    for (const entry of entries) {
      const { url } = await (await page.request.get(`/api/entries/${entry.id}/media-url`)).json();
      const headerDuration = await page.evaluate(
        ([src, kind]) =>
          new Promise<number>((resolve, reject) => {
            const element = document.createElement(kind === 'audio' ? 'audio' : 'video');
            element.preload = 'metadata';
            element.onloadedmetadata = () => resolve(element.duration);
            element.onerror = () => reject(new Error(`${kind} did not load`));
            element.src = src;
          }),
        [url, entry.contentType] as const,
      );
      expect(headerDuration, `${entry.contentType} duration in its header`).toBeGreaterThan(1);
      expect(headerDuration).toBeLessThan(10);
    }

    // The viewer's player shows that length.
    await voiceNote.getByRole('button', { name: 'Open voice note' }).click();
    const player = page.getByRole('dialog').locator('audio');
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect(voiceNote.getByRole('button', { name: 'Open voice note' })).toBeFocused();

    // The video's play mark opens the viewer playing it.
    await videoCard.click();
    const video = page.getByRole('dialog').locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0))
      .toBe(true);
  });
});
