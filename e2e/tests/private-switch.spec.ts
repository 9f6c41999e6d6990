import {
  deriveEntryKey,
  deriveEntryKeyV2,
  deriveMediaKeyV2,
  encryptText,
  isMediaContainer,
  PRIVATE_SWITCH_MESSAGES,
  sealEntryTextV2,
  sealMediaInBrowser,
  sealMoodV2,
} from '@daybook/shared';
import { importAccountKey } from '@daybook/shared/private-keys';
import sharp from 'sharp';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { grantPlan, storedMediaFile, storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { setUpPrivateModeInPage } from '../support/private-mode.ts';

/*
 * Switching an account that already has entries into private mode and back, in chromium (ADR 097). The set-up
 * screen is built beside this work, so the key is set up as a browser would and put where an unlock keeps it (as
 * private-entries.spec.ts does); the switch itself is the app's: the profile's section, its progress bar, the
 * entries opened and sealed in the page, and the list reading them after.
 */

const TEXTS = [
  'The ferry left late, the gulls followed it out.',
  'Bread from the corner bakery, still warm at eight.',
  'Rain on the skylight all afternoon.',
];

test.describe('switching private mode on and off', () => {
  test('makes the existing entries private with a progress bar, reads them after, then switches off', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    // Premium: four entries in a day, one of them a photo.
    await grantPlan(user.email, 'premium');
    await signInAs(page, user);
    const [{ id: userId }] = (await storedRows('select id from users where email = $1', [user.email])) as [
      { id: string },
    ];

    // A few standard entries, sealed as the browser seals them (the salt's key), with their moods.
    const { salt } = (await (await page.request.get('/api/encryption/salt')).json()) as { salt: string };
    const v1 = await deriveEntryKey(userId, salt);
    for (const [index, text] of TEXTS.entries()) {
      const { ciphertext, iv } = await encryptText(v1, text);
      const saved = await page.request.post('/api/entries', {
        data: { encryptedContent: ciphertext, encryptionIv: iv, moodTag: index === 0 ? 'Grateful' : 'Calm' },
      });
      expect(saved.status()).toBe(201);
    }

    // Private mode's key, set up as the set-up screen will, and unlocked for this browser session.
    const accountKey = await setUpPrivateModeInPage(page, user, userId, 'otters hold hands while they sleep');

    // The re-encrypt requests wait until the bar has been seen, so a fast machine cannot finish before the check.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/me/private-mode/re-encrypt', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your entries in private mode' });
    await expect(section.getByText(PRIVATE_SWITCH_MESSAGES.readableByServer(3))).toBeVisible();
    await expectAccessible();
    await section.getByRole('button', { name: 'Continue' }).click();
    const bar = section.getByRole('progressbar', { name: PRIVATE_SWITCH_MESSAGES.switchingOn });
    await expect(bar).toBeVisible();
    await expect(section.getByRole('button', { name: 'Cancel' })).toBeVisible();
    release();
    await expect(section.getByText(PRIVATE_SWITCH_MESSAGES.switchedOn)).toBeVisible();
    await expect(bar).toHaveCount(0);
    await page.unroute('**/api/me/private-mode/re-encrypt');

    const privateRows = await storedRows(
      'select encryption_version, mood_tag, encrypted_mood from entries where user_id = $1',
      [userId],
    );
    expect(privateRows).toHaveLength(3);
    for (const row of privateRows) {
      expect(row).toMatchObject({ encryption_version: 2, mood_tag: null });
      expect(String(row.encrypted_mood)).toHaveLength(80);
    }

    // The journal still reads them, now opened with the account's key.
    await page.goto('/dashboard');
    for (const text of TEXTS) await expect(page.getByText(text)).toBeVisible();

    // A photo attached in private mode, sealed as the browser seals it (private-media.spec.ts drives the panel).
    const unlocked = await importAccountKey(accountKey);
    const mediaKey = await deriveMediaKeyV2(unlocked);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f5d7c' } })
      .jpeg()
      .toBuffer();
    const thumb = await sharp(photo).resize(320, 240).webp().toBuffer();
    const sealedOf = async (bytes: Buffer) =>
      Buffer.from(await (await sealMediaInBrowser(new Uint8Array(bytes), mediaKey)).arrayBuffer());
    const draft = await page.request.post(
      '/api/media/sealed-drafts?mediaType=image&mimeType=image/jpeg&width=640&height=480&thumbWidth=320&thumbHeight=240',
      {
        multipart: {
          file: { name: 'sealed.bin', mimeType: 'application/octet-stream', buffer: await sealedOf(photo) },
          thumbnail: {
            name: 'thumb.bin',
            mimeType: 'application/octet-stream',
            buffer: await sealedOf(thumb),
          },
        },
      },
    );
    expect(draft.status(), await draft.text()).toBe(201);
    const v2 = await deriveEntryKeyV2(unlocked);
    const words = await sealEntryTextV2(v2, userId, 'The harbour photo, before switching off');
    const withPhoto = await page.request.post('/api/entries', {
      data: {
        encryptedContent: words.ciphertext,
        encryptionIv: words.iv,
        encryptionVersion: 2,
        encryptedMood: await sealMoodV2(v2, userId, null),
        mediaDraftId: ((await draft.json()) as { id: string }).id,
      },
    });
    expect(withPhoto.status()).toBe(201);
    const mediaUrl = ((await withPhoto.json()) as { entry: { mediaUrl: string } }).entry.mediaUrl;
    expect(storedMediaFile(mediaUrl)[9]).toBe(1);

    // Switching off says what it gives up first, then turns every entry back.
    await page.goto('/profile');
    await expect(section.getByText('Every entry is private')).toBeVisible();
    await section.getByRole('button', { name: 'Switch private mode off…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch private mode off?' });
    await expect(dialog.getByText(PRIVATE_SWITCH_MESSAGES.offWarning)).toBeVisible();
    await dialog.getByRole('button', { name: 'Switch off' }).click();
    // The run's own message, or, once the profile has refetched the account as standard and the switch's region has
    // gone with the key, the section's: either says the switch off finished.
    await expect(page.getByText(/^Private mode is off\./).first()).toBeVisible({ timeout: 30_000 });

    const standardRows = await storedRows(
      'select encryption_version, mood_tag, encrypted_mood from entries where user_id = $1 order by created_at',
      [userId],
    );
    expect(standardRows.map((row) => [row.encryption_version, row.mood_tag, row.encrypted_mood])).toEqual([
      [1, 'Grateful', null],
      [1, 'Calm', null],
      [1, 'Calm', null],
      [1, null, null],
    ]);
    // The photo and its thumbnail are back under the server's key (ADR 097, amended): not key kind 1 any more.
    for (const stored of [mediaUrl, `${mediaUrl}.thumb.webp`]) {
      const bytes = storedMediaFile(stored);
      expect(isMediaContainer(bytes), stored).toBe(true);
      expect(bytes[9], `${stored}: the server's key`).not.toBe(1);
    }
    expect(await storedRows('select user_id from private_keys where user_id = $1', [userId])).toEqual([]);
    // The account's key pair went back under the standard key before the key went (ADR 102): the same pair, kept.
    expect(await storedRows('select wrap_kind from key_pairs where user_id = $1', [userId])).toEqual([
      { wrap_kind: 1 },
    ]);
    await page.goto('/dashboard');
    for (const text of TEXTS) await expect(page.getByText(text)).toBeVisible();
    // And the photo still shows, now served by the server as any standard account's.
    const card = page.getByRole('article').filter({ hasText: 'The harbour photo' });
    const opener = card.getByRole('button', { name: 'Attached photo' });
    await expect(opener).toHaveAttribute('data-state', 'full', { timeout: 30_000 });
    expect(
      await opener.locator('img[data-layer="full"]').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(640);
  });
});
