import { PRIVATE_MODE, type PrivateKdf, toBase64 } from '@daybook/shared';
import {
  derivePassphraseKey,
  importAccountKey,
  keyProof,
  randomKdfSalt,
  randomKeyBytes,
  recoveryWrappingKey,
  wrapAccountKey,
} from '@daybook/shared/private-keys';
import { expect, type Page } from '@playwright/test';

/**
 * Private mode set up for the signed-in page as its browser would (ADR 089), for the specs whose subject comes after
 * it (entries, media, letters, the archive, the switch): a random account key wrapped under the passphrase (at
 * OWASP's floor of Argon2id's costs, to keep the specs quick) and under a recovery key, sent to the real endpoint, then
 * kept where an unlock keeps it for this browser session. The screens themselves are private-mode.spec.ts's.
 * Answers the raw account key; the caller reloads when the page must read it.
 */
export async function setUpPrivateModeInPage(
  page: Page,
  user: { password: string },
  userId: string,
  passphrase: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const accountKey = randomKeyBytes();
  const kdf: PrivateKdf = { algorithm: 'argon2id', salt: randomKdfSalt(), ...PRIVATE_MODE.kdfFloor };
  const setUp = await page.request.post('/api/me/private-mode', {
    data: {
      password: user.password,
      kdf,
      passphraseWrap: await wrapAccountKey(
        accountKey,
        await derivePassphraseKey(passphrase, kdf.salt, kdf),
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
  return accountKey;
}
