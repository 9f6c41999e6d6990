import { decryptText, encryptText, fromBase64, toBase64 } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { createEntryKeys } from './entry-keys.ts';

describe('entry keys: synchronous decryption', () => {
  const keys = createEntryKeys('test-encryption-secret-that-is-long-enough');

  it('reads exactly what WebCrypto sealed, and what WebCrypto reads', async () => {
    const key = await keys.keyFor('user-a');
    for (const text of ['', 'A walk by the river.', 'Ünïcödé ✓ 日記 🌊'.repeat(300)]) {
      const sealed = await encryptText(key, text);
      expect(await keys.decrypt(key, sealed)).toBe(text);
      expect(await decryptText(key, sealed)).toBe(text);
    }
  });

  it('refuses a tampered ciphertext, another IV, another key, and a truncated one', async () => {
    const key = await keys.keyFor('user-a');
    const sealed = await encryptText(key, 'Private words');
    const bytes = fromBase64(sealed.ciphertext);
    bytes[0]! ^= 1;
    await expect(keys.decrypt(key, { ...sealed, ciphertext: toBase64(bytes) })).rejects.toThrow();
    const otherIv = await encryptText(key, 'Private words');
    await expect(keys.decrypt(key, { ...sealed, iv: otherIv.iv })).rejects.toThrow();
    await expect(keys.decrypt(await keys.keyFor('user-b'), sealed)).rejects.toThrow();
    await expect(keys.decrypt(key, { ...sealed, ciphertext: 'AAAA' })).rejects.toThrow();
  });
});
