import {
  deriveEntryKey,
  encryptText,
  PRIVATE_MODE,
  PRIVATE_SWITCH_MESSAGES,
  type PrivateKdf,
  toBase64,
} from '@daybook/shared';
import {
  derivePassphraseKey,
  importAccountKey,
  keyProof,
  randomKdfSalt,
  randomKeyBytes,
  recoveryWrappingKey,
  wrapAccountKey,
} from '@daybook/shared/private-keys';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

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
    const accountKey = randomKeyBytes();
    const kdf: PrivateKdf = { algorithm: 'argon2id', salt: randomKdfSalt(), ...PRIVATE_MODE.kdfFloor };
    const setUp = await page.request.post('/api/me/private-mode', {
      data: {
        password: user.password,
        kdf,
        passphraseWrap: await wrapAccountKey(
          accountKey,
          await derivePassphraseKey('otters hold hands while they sleep', kdf.salt, kdf),
          'passphrase',
          userId,
        ),
        recoveryWrap: await wrapAccountKey(
          accountKey,
          await recoveryWrappingKey(randomKeyBytes()),
          'recovery',
          userId,
        ),
        keyProof: await keyProof(await importAccountKey(accountKey)),
      },
    });
    expect(setUp.status()).toBe(201);
    await page.evaluate(
      ([name, value]) => sessionStorage.setItem(name as string, value as string),
      [`daybook-account-key-${userId}`, toBase64(accountKey)],
    );

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

    // Switching off says what it gives up first, then turns every entry back.
    await page.goto('/profile');
    await expect(section.getByText('Every entry is private')).toBeVisible();
    await section.getByRole('button', { name: 'Switch private mode off…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch private mode off?' });
    await expect(dialog.getByText(PRIVATE_SWITCH_MESSAGES.offWarning)).toBeVisible();
    await dialog.getByRole('button', { name: 'Switch off' }).click();
    await expect(section.getByText(PRIVATE_SWITCH_MESSAGES.switchedOff)).toBeVisible();

    const standardRows = await storedRows(
      'select encryption_version, mood_tag, encrypted_mood from entries where user_id = $1 order by created_at',
      [userId],
    );
    expect(standardRows.map((row) => [row.encryption_version, row.mood_tag, row.encrypted_mood])).toEqual([
      [1, 'Grateful', null],
      [1, 'Calm', null],
      [1, 'Calm', null],
    ]);
    expect(await storedRows('select user_id from private_keys where user_id = $1', [userId])).toEqual([]);
    await page.goto('/dashboard');
    for (const text of TEXTS) await expect(page.getByText(text)).toBeVisible();
  });
});
