import { describe, expect, it } from 'vitest';
import { importAccountKey } from './account-key.ts';
import { deriveEntryKey, toBase64 } from './crypto.ts';
import {
  deriveKeyPairWrapKeyV2,
  generateKeyPair,
  isValidPublicKey,
  KeyPairError,
  openSealed,
  openSealedText,
  PUBLIC_KEY_BYTES,
  rewrapPrivateKey,
  sealTextToPublicKey,
  sealToPublicKey,
  unwrapPrivateKey,
  wrapPrivateKey,
} from './key-pair.ts';

const USER = '7a0c1d4e-0000-4000-8000-000000000001';
const OTHER = '7a0c1d4e-0000-4000-8000-000000000002';

async function unwrapped() {
  const pair = await generateKeyPair();
  const accountKey = await importAccountKey(crypto.getRandomValues(new Uint8Array(32)));
  const wrapKey = await deriveKeyPairWrapKeyV2(accountKey);
  const wrapped = await wrapPrivateKey(wrapKey, pair.privateKey, 2, USER);
  return { pair, wrapKey, wrapped, privateKey: await unwrapPrivateKey(wrapKey, wrapped, 2, USER) };
}

describe('key pairs', () => {
  it('makes a P-256 public point the server can check', async () => {
    const { publicKey } = await generateKeyPair();
    expect(atob(publicKey)).toHaveLength(PUBLIC_KEY_BYTES);
    expect(await isValidPublicKey(publicKey)).toBe(true);
    expect(await isValidPublicKey(toBase64(new Uint8Array(65)))).toBe(false);
    expect(await isValidPublicKey('not base64!')).toBe(false);
  });

  it('seals bytes only the private half opens, in their own context', async () => {
    const { pair, privateKey } = await unwrapped();
    const secret = crypto.getRandomValues(new Uint8Array(32));
    const sealed = await sealToPublicKey(pair.publicKey, secret, 'share-key|s1');
    expect(await openSealed(privateKey, pair.publicKey, sealed, 'share-key|s1')).toEqual(secret);
    // Each seal uses a fresh ephemeral key: the same bytes sealed twice differ.
    expect(await sealToPublicKey(pair.publicKey, secret, 'share-key|s1')).not.toBe(sealed);
    await expect(openSealed(privateKey, pair.publicKey, sealed, 'share-key|s2')).rejects.toBeInstanceOf(
      KeyPairError,
    );
  });

  it('refuses what was sealed for another key or changed on the way', async () => {
    const mine = await unwrapped();
    const theirs = await unwrapped();
    const sealed = await sealTextToPublicKey(theirs.pair.publicKey, 'Thank you', 'thanks|n1');
    await expect(
      openSealedText(mine.privateKey, mine.pair.publicKey, sealed, 'thanks|n1'),
    ).rejects.toMatchObject({
      code: 'SEALED_UNOPENABLE',
    });
    const bytes = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    await expect(
      openSealedText(theirs.privateKey, theirs.pair.publicKey, toBase64(bytes), 'thanks|n1'),
    ).rejects.toMatchObject({ code: 'SEALED_UNOPENABLE' });
    expect(await openSealedText(theirs.privateKey, theirs.pair.publicKey, sealed, 'thanks|n1')).toBe(
      'Thank you',
    );
  });

  it('wraps the private half for one account and one kind of key', async () => {
    const { wrapKey, wrapped } = await unwrapped();
    await expect(unwrapPrivateKey(wrapKey, wrapped, 2, OTHER)).rejects.toMatchObject({
      code: 'PRIVATE_KEY_UNOPENABLE',
    });
    await expect(unwrapPrivateKey(wrapKey, wrapped, 1, USER)).rejects.toMatchObject({
      code: 'PRIVATE_KEY_UNOPENABLE',
    });
  });

  it('wraps under the standard entry key as well', async () => {
    const pair = await generateKeyPair();
    const entryKey = await deriveEntryKey(USER, toBase64(new Uint8Array(16).fill(7)));
    const wrapped = await wrapPrivateKey(entryKey, pair.privateKey, 1, USER);
    const privateKey = await unwrapPrivateKey(entryKey, wrapped, 1, USER);
    const sealed = await sealTextToPublicKey(pair.publicKey, 'Hello', 'thanks|n2');
    expect(await openSealedText(privateKey, pair.publicKey, sealed, 'thanks|n2')).toBe('Hello');
  });

  it('rewraps the same private half under the other kind, so what was sealed to it keeps opening', async () => {
    const { pair, wrapKey, wrapped } = await unwrapped();
    const sealed = await sealTextToPublicKey(pair.publicKey, 'Before the switch', 'thanks|n3');
    const entryKey = await deriveEntryKey(USER, toBase64(new Uint8Array(16).fill(7)));
    const standard = await rewrapPrivateKey(
      wrapped,
      { key: wrapKey, kind: 2 },
      { key: entryKey, kind: 1 },
      USER,
    );
    const opened = await unwrapPrivateKey(entryKey, standard, 1, USER);
    expect(await openSealedText(opened, pair.publicKey, sealed, 'thanks|n3')).toBe('Before the switch');
    // Back under the account key: a new wrap of the same pair.
    const back = await rewrapPrivateKey(
      standard,
      { key: entryKey, kind: 1 },
      { key: wrapKey, kind: 2 },
      USER,
    );
    expect(back).not.toBe(wrapped);
    const again = await unwrapPrivateKey(wrapKey, back, 2, USER);
    expect(await openSealedText(again, pair.publicKey, sealed, 'thanks|n3')).toBe('Before the switch');
    // The wrong key or kind to start from opens nothing.
    await expect(
      rewrapPrivateKey(wrapped, { key: entryKey, kind: 2 }, { key: entryKey, kind: 1 }, USER),
    ).rejects.toMatchObject({ code: 'PRIVATE_KEY_UNOPENABLE' });
  });

  it('refuses a damaged public key before sealing', async () => {
    await expect(sealToPublicKey(toBase64(new Uint8Array(10)), new Uint8Array(1), 'x')).rejects.toMatchObject(
      {
        code: 'PUBLIC_KEY_INVALID',
      },
    );
  });
});
