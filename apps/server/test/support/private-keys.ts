import { PRIVATE_MODE, type PrivateKdf, toBase64 } from '@daybook/shared';
import {
  derivePassphraseKey,
  importAccountKey,
  keyProof,
  randomKdfSalt,
  randomKeyBytes,
  recoveryKeyFromWords,
  recoveryWordsOf,
  recoveryWrappingKey,
  unwrapAccountKey,
  wrapAccountKey,
} from '@daybook/shared/private-keys';

/**
 * What a browser does to set up private mode (ADR 089), with the shared key layer the web runs: a random account
 * key, wrapped under Argon2id of the passphrase and under a recovery key shown as words. OWASP's floor keeps the
 * tests quick; the costs are the server's to store, whatever they are within its bounds.
 */
export const TEST_KDF_COSTS = PRIVATE_MODE.kdfFloor;

export async function browserKeySetUp(userId: string, passphrase: string) {
  const accountKey = randomKeyBytes();
  const recoveryKey = randomKeyBytes();
  const kdf: PrivateKdf = { algorithm: 'argon2id', salt: randomKdfSalt(), ...TEST_KDF_COSTS };
  return {
    accountKey,
    /** The account key as base64: what a test searches stored rows and logs for. */
    accountKeyBase64: toBase64(accountKey),
    recoveryWords: (await recoveryWordsOf(recoveryKey)).join(' '),
    keyProof: await keyProof(await importAccountKey(accountKey)),
    kdf,
    passphraseWrap: await wrapAccountKey(
      accountKey,
      await derivePassphraseKey(passphrase, kdf.salt, kdf),
      'passphrase',
      userId,
    ),
    recoveryWrap: await wrapAccountKey(
      accountKey,
      await recoveryWrappingKey(recoveryKey),
      'recovery',
      userId,
    ),
  };
}

/** The browser's unlock with a passphrase, from the material the server answered. */
export async function unlockWithPassphrase(
  userId: string,
  material: { kdf: PrivateKdf; passphraseWrap: string },
  passphrase: string,
) {
  const key = await derivePassphraseKey(passphrase, material.kdf.salt, material.kdf);
  return unwrapAccountKey(material.passphraseWrap, key, 'passphrase', userId);
}

/** The browser's unlock with the recovery key's words. */
export async function unlockWithRecoveryWords(
  userId: string,
  material: { recoveryWrap: string },
  words: string,
) {
  const key = await recoveryWrappingKey(await recoveryKeyFromWords(words));
  return unwrapAccountKey(material.recoveryWrap, key, 'recovery', userId);
}

/** A new passphrase's wrap of the same key, as a passphrase change sends it. */
export async function rewrapForPassphrase(
  userId: string,
  accountKey: Uint8Array<ArrayBuffer>,
  passphrase: string,
) {
  const kdf: PrivateKdf = { algorithm: 'argon2id', salt: randomKdfSalt(), ...TEST_KDF_COSTS };
  const passphraseWrap = await wrapAccountKey(
    accountKey,
    await derivePassphraseKey(passphrase, kdf.salt, kdf),
    'passphrase',
    userId,
  );
  return { kdf, passphraseWrap };
}

/** A new recovery key and its wrap of the same key. */
export async function rewrapForRecovery(userId: string, accountKey: Uint8Array<ArrayBuffer>) {
  const recoveryKey = randomKeyBytes();
  return {
    recoveryWords: (await recoveryWordsOf(recoveryKey)).join(' '),
    recoveryWrap: await wrapAccountKey(
      accountKey,
      await recoveryWrappingKey(recoveryKey),
      'recovery',
      userId,
    ),
  };
}
