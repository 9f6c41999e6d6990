import { describe, expect, it } from 'vitest';
import { PRIVATE_MODE, PRIVATE_MODE_MESSAGES } from '../private-mode-constants.ts';
import { decryptText, encryptText, fromBase64, toBase64 } from './crypto.ts';
import { derivePassphraseKey, passphraseProblems } from './passphrase-key.ts';
import {
  assertKdfStrongEnough,
  deriveEntryKeyV2,
  deriveMediaKeyV2,
  importAccountKey,
  keyProof,
  PrivateKeyError,
  randomKdfSalt,
  randomKeyBytes,
  recoveryWrappingKey,
  unwrapAccountKey,
  wrapAccountKey,
} from './private-keys.ts';
import { recoveryKeyFromWords, recoveryWordsOf } from './recovery-key.ts';

// OWASP's floor keeps these tests quick; one test derives with the defaults a new wrap uses.
const FAST = PRIVATE_MODE.kdfFloor;
const USER = '5a0a3f3e-4c1b-4d7e-9a51-1f0a4f3b2c10';
const OTHER_USER = '7d9e2b1c-0f4a-4e3b-8c2d-6a5b4c3d2e1f';

async function rejection(promise: Promise<unknown>): Promise<PrivateKeyError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PrivateKeyError) return error;
    throw error;
  }
  throw new Error('expected a PrivateKeyError');
}

describe('the passphrase slot', () => {
  it('wraps the account key under Argon2id of the passphrase and opens it with the same passphrase only', async () => {
    const raw = randomKeyBytes();
    const salt = randomKdfSalt();
    const wrapped = await wrapAccountKey(
      raw,
      await derivePassphraseKey('correct horse battery staple', salt, FAST),
      'passphrase',
      USER,
    );
    expect(fromBase64(wrapped)).toHaveLength(PRIVATE_MODE.wrappedKeyBytes);
    const again = await derivePassphraseKey('correct horse battery staple', salt, FAST);
    expect(await unwrapAccountKey(wrapped, again, 'passphrase', USER)).toEqual(raw);

    const wrong = await rejection(
      unwrapAccountKey(
        wrapped,
        await derivePassphraseKey('correct horse battery stapler', salt, FAST),
        'passphrase',
        USER,
      ),
    );
    expect(wrong.code).toBe('PASSPHRASE_WRONG');
    expect(wrong.message).toBe(PRIVATE_MODE_MESSAGES.passphraseWrong);
    // Another salt is another key, as another person's would be.
    const otherSalt = await derivePassphraseKey('correct horse battery staple', randomKdfSalt(), FAST);
    expect((await rejection(unwrapAccountKey(wrapped, otherSalt, 'passphrase', USER))).code).toBe(
      'PASSPHRASE_WRONG',
    );
  });

  it('derives with the default costs (64 MiB, 3 passes) and treats NFC and NFD spellings alike', async () => {
    const raw = randomKeyBytes();
    const salt = randomKdfSalt();
    const composed = 'café au lait, deux sucres';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const wrapped = await wrapAccountKey(
      raw,
      await derivePassphraseKey(composed, salt, PRIVATE_MODE.kdf),
      'passphrase',
      USER,
    );
    const opened = await unwrapAccountKey(
      wrapped,
      await derivePassphraseKey(decomposed, salt, PRIVATE_MODE.kdf),
      'passphrase',
      USER,
    );
    expect(opened).toEqual(raw);
  });

  it('binds a wrap to its slot and its account', async () => {
    const raw = randomKeyBytes();
    const key = await derivePassphraseKey('a passphrase of words', randomKdfSalt(), FAST);
    const wrapped = await wrapAccountKey(raw, key, 'passphrase', USER);
    expect((await rejection(unwrapAccountKey(wrapped, key, 'passphrase', OTHER_USER))).code).toBe(
      'PASSPHRASE_WRONG',
    );
    expect((await rejection(unwrapAccountKey(wrapped, key, 'recovery', USER))).code).toBe(
      'RECOVERY_KEY_WRONG',
    );
  });

  it('refuses a damaged wrap or salt as damaged, not as a wrong passphrase', async () => {
    const key = await derivePassphraseKey('a passphrase of words', randomKdfSalt(), FAST);
    for (const wrapped of ['not base64!', toBase64(new Uint8Array(59))]) {
      const error = await rejection(unwrapAccountKey(wrapped, key, 'passphrase', USER));
      expect(error.code).toBe('KEY_MATERIAL_DAMAGED');
      expect(error.message).toBe(PRIVATE_MODE_MESSAGES.keyMaterialDamaged);
    }
    const shortSalt = toBase64(new Uint8Array(8));
    expect((await rejection(derivePassphraseKey('a passphrase of words', shortSalt, FAST))).code).toBe(
      'KEY_MATERIAL_DAMAGED',
    );
  });

  it('refuses Argon2id costs under OWASP floor, so a server cannot make a passphrase cheap to guess', async () => {
    for (const params of [
      { memoryKiB: 19 * 1024 - 1, iterations: 2, parallelism: 1 },
      { memoryKiB: 64 * 1024, iterations: 1, parallelism: 1 },
      { memoryKiB: 64 * 1024, iterations: 3, parallelism: 0 },
      { memoryKiB: 64 * 1024, iterations: 2.5, parallelism: 1 },
    ]) {
      expect(() => assertKdfStrongEnough(params)).toThrow(PRIVATE_MODE_MESSAGES.kdfTooWeak);
      const error = await rejection(derivePassphraseKey('a passphrase of words', randomKdfSalt(), params));
      expect(error.code).toBe('KDF_TOO_WEAK');
    }
    expect(() => assertKdfStrongEnough(PRIVATE_MODE.kdf)).not.toThrow();
  });

  it('asks for a long passphrase that is not the sign-in password', () => {
    expect(passphraseProblems('short')).toEqual([PRIVATE_MODE_MESSAGES.passphraseTooShort]);
    expect(passphraseProblems('twelve chars')).toEqual([]);
    expect(passphraseProblems('x'.repeat(1025))).toEqual([PRIVATE_MODE_MESSAGES.passphraseTooLong]);
    expect(passphraseProblems('Same as my password1', 'Same as my password1')).toEqual([
      PRIVATE_MODE_MESSAGES.passphraseIsPassword,
    ]);
    expect(passphraseProblems('Another thing entirely', 'Password1')).toEqual([]);
    // Counted in characters, not UTF-16 units: 12 emoji are 12 characters.
    expect(passphraseProblems('🌟'.repeat(11))).toEqual([PRIVATE_MODE_MESSAGES.passphraseTooShort]);
    expect(passphraseProblems('🌟'.repeat(12))).toEqual([]);
  });
});

describe('the recovery slot', () => {
  it('wraps the same account key under the recovery key, opened from its words', async () => {
    const raw = randomKeyBytes();
    const recovery = randomKeyBytes();
    const words = await recoveryWordsOf(recovery);
    expect(words).toHaveLength(24);
    const wrapped = await wrapAccountKey(raw, await recoveryWrappingKey(recovery), 'recovery', USER);
    const typed = (await recoveryKeyFromWords(words.join(' '))) as Uint8Array<ArrayBuffer>;
    expect(await unwrapAccountKey(wrapped, await recoveryWrappingKey(typed), 'recovery', USER)).toEqual(raw);

    const another = await recoveryWrappingKey(randomKeyBytes());
    const error = await rejection(unwrapAccountKey(wrapped, another, 'recovery', USER));
    expect(error.code).toBe('RECOVERY_KEY_WRONG');
    expect(error.message).toBe(PRIVATE_MODE_MESSAGES.recoveryKeyWrong);
  });
});

describe('keys derived from the account key', () => {
  it('gives the same entry key, media key and proof for the same account key, and different ones otherwise', async () => {
    const raw = randomKeyBytes();
    const key = await importAccountKey(raw);
    const same = await importAccountKey(raw.slice());
    const other = await importAccountKey(randomKeyBytes());

    const sealed = await encryptText(await deriveEntryKeyV2(key), 'Tuesday: the sea was loud');
    expect(await decryptText(await deriveEntryKeyV2(same), sealed)).toBe('Tuesday: the sea was loud');
    await expect(decryptText(await deriveEntryKeyV2(other), sealed)).rejects.toThrow();

    expect(await deriveMediaKeyV2(same)).toEqual(await deriveMediaKeyV2(key));
    expect(await deriveMediaKeyV2(other)).not.toEqual(await deriveMediaKeyV2(key));
    expect(await deriveMediaKeyV2(key)).toHaveLength(32);

    const proof = await keyProof(key);
    expect(fromBase64(proof)).toHaveLength(PRIVATE_MODE.keyProofBytes);
    expect(await keyProof(same)).toBe(proof);
    expect(await keyProof(other)).not.toBe(proof);
  });

  it('derives each key under its own label: the proof is not the media key, nor the raw key', async () => {
    const raw = randomKeyBytes();
    const key = await importAccountKey(raw);
    const proof = fromBase64(await keyProof(key));
    expect(proof).not.toEqual(await deriveMediaKeyV2(key));
    expect(proof).not.toEqual(raw);
  });

  it('refuses a raw key of the wrong length', async () => {
    expect(() => importAccountKey(new Uint8Array(16))).toThrow(PRIVATE_MODE_MESSAGES.keyMaterialDamaged);
  });
});
