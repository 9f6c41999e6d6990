import { describe, expect, it } from 'vitest';
import {
  decryptText,
  deriveEntryKey,
  encryptText,
  exportKey,
  fromBase64,
  importKey,
  toBase64,
} from './crypto.ts';
import { decryptBytes, encryptBytes } from './crypto-bytes.ts';

const salt = toBase64(new Uint8Array(32).fill(7));

describe('entry encryption', () => {
  it('round-trips text with a fresh 12-byte IV each time', async () => {
    const key = await deriveEntryKey('user-1', salt);
    const a = await encryptText(key, 'Dear diary, ünïcode ✓ 🌟');
    const b = await encryptText(key, 'Dear diary, ünïcode ✓ 🌟');
    expect(fromBase64(a.iv)).toHaveLength(12);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(await decryptText(key, a)).toBe('Dear diary, ünïcode ✓ 🌟');
  });

  it('derives the same key from the same user and salt, a different one otherwise', async () => {
    const sealed = await encryptText(await deriveEntryKey('user-1', salt), 'secret');
    expect(await decryptText(await deriveEntryKey('user-1', salt), sealed)).toBe('secret');
    await expect(decryptText(await deriveEntryKey('user-2', salt), sealed)).rejects.toThrow();
    const otherSalt = toBase64(new Uint8Array(32).fill(8));
    await expect(decryptText(await deriveEntryKey('user-1', otherSalt), sealed)).rejects.toThrow();
  });

  it('seals bytes as bytes: a fresh IV, no byte of the file left in place, tampering refused', async () => {
    const key = await deriveEntryKey('user-1', salt);
    // A JPEG's first bytes: its magic number must not survive sealing.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const a = await encryptBytes(key, jpeg);
    const b = await encryptBytes(key, jpeg);
    expect(a.iv).toHaveLength(12);
    expect(toBase64(a.iv)).not.toBe(toBase64(b.iv));
    // AES-GCM: the same length plus its 16-byte tag.
    expect(a.ciphertext.byteLength).toBe(jpeg.length + 16);
    expect(Array.from(new Uint8Array(a.ciphertext).subarray(0, 3))).not.toEqual([0xff, 0xd8, 0xff]);
    expect(Array.from(await decryptBytes(key, a))).toEqual(Array.from(jpeg));
    await expect(decryptBytes(await deriveEntryKey('user-2', salt), a)).rejects.toThrow();
    const tampered = new Uint8Array(a.ciphertext.slice(0));
    tampered[0] = (tampered[0] ?? 0) ^ 1;
    await expect(decryptBytes(key, { ...a, ciphertext: tampered.buffer })).rejects.toThrow();
  });

  it('detects tampering', async () => {
    const key = await deriveEntryKey('user-1', salt);
    const sealed = await encryptText(key, 'secret');
    const bytes = fromBase64(sealed.ciphertext);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await expect(decryptText(key, { ...sealed, ciphertext: toBase64(bytes) })).rejects.toThrow();
  });

  it('exports and imports a key for the session cache', async () => {
    const key = await deriveEntryKey('user-1', salt, true);
    const sealed = await encryptText(key, 'cached');
    expect(await decryptText(await importKey(await exportKey(key)), sealed)).toBe('cached');
  });
});
