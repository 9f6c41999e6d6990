import { argon2id } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { PRIVATE_MODE } from '../private-mode-constants.ts';
import { PRIVATE_MODE_MESSAGES } from '../private-mode-messages.ts';
import { deriveEntryKeyV2, deriveMediaKeyV2, importAccountKey, PrivateKeyError } from './account-key.ts';
import { decryptText, encryptText, fromBase64, toBase64 } from './crypto.ts';
import { derivePassphraseKey, passphraseProblems } from './passphrase-key.ts';
import {
  assertKdfStrongEnough,
  keyProof,
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

describe('the stored format, pinned', () => {
  it('gets from hash-wasm the Argon2id (v1.3) of the reference implementation: its own test vector', async () => {
    // phc-winner-argon2's test.c: argon2id, "password", "somesalt", t=2, m=2^16 KiB, p=1, 32 bytes.
    const hash = await argon2id({
      password: 'password',
      salt: 'somesalt',
      iterations: 2,
      memorySize: 65536,
      parallelism: 1,
      hashLength: 32,
      outputType: 'hex',
    });
    expect(hash).toBe('09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7');
  });

  it('opens wraps made by this release, and derives the same entry key, proof and media key: a change here locks people out', async () => {
    // Made once with this release's code: a fixed account key (0…31), salt (1…16) and recovery key (255…224).
    const raw = Uint8Array.from({ length: 32 }, (_, index) => index);
    const material = {
      salt: 'AQIDBAUGBwgJCgsMDQ4PEA==',
      passphraseWrap: 'FIzQLc8msH1jFSWSk6w+t0OcuAwAUOOEUyl2Q6OhPgs/X+kc7d+fsDVZJVT5wIYP24LSsrWs2vg6CUlA',
      recoveryWrap: 'Pki37qNuex/mzqI94MS0DCGoWwVAC8KH44A9XNDK+ldDxTMHe+RTBeE2S4nrf6TGz8nGprp2u4rsXrTG',
      recoveryWords:
        'zoo wave left wave question wise thank team visual panel round tide year ivory recipe later try elbow whale slim evolve vapor maple adapt',
    };
    const passphraseKey = await derivePassphraseKey('correct horse battery staple', material.salt, FAST);
    expect(await unwrapAccountKey(material.passphraseWrap, passphraseKey, 'passphrase', USER)).toEqual(raw);
    const recoveryKey = await recoveryKeyFromWords(material.recoveryWords);
    expect(recoveryKey).toEqual(Uint8Array.from({ length: 32 }, (_, index) => 255 - index));
    expect(
      await unwrapAccountKey(material.recoveryWrap, await recoveryWrappingKey(recoveryKey), 'recovery', USER),
    ).toEqual(raw);
    const key = await importAccountKey(raw as Uint8Array<ArrayBuffer>);
    expect(await keyProof(key)).toBe('/96B/p0K50Ps0Xn3fS8giKxOMiU40qD9jHegD7EX5MA=');
    expect(toBase64(await deriveMediaKeyV2(key))).toBe('9riWo9rMs2+qux0RdrQ/psGs+JeVgk21aJIWj/cVMck=');
    const sealed = {
      ciphertext: '2Br33LnWBhN6tF1GK0jtwN3jH4uCi5KMLOAmnsbTnj2yrE7fOAfmX58=',
      iv: '4jUWmdHbo/mQoavX',
    };
    expect(await decryptText(await deriveEntryKeyV2(key), sealed)).toBe('Tuesday: the sea was loud');
  });
});
