import { describe, expect, it } from 'vitest';
import {
  encodeMediaHeader,
  MEDIA_CONTAINER,
  MEDIA_FILE_KEY_INFO,
  mediaChunkAad,
  mediaChunkCount,
  mediaChunkNonce,
} from './media-container.ts';
import { isUserSealedMedia, openUserSealedMedia } from './media-open.ts';

/** A container sealed as ADR 081 lays it out, written here from the format alone. */
async function seal(
  plain: Uint8Array<ArrayBuffer>,
  mediaKey: Uint8Array<ArrayBuffer>,
  keyKind: 'user' | 'server',
) {
  const chunkBytes = MEDIA_CONTAINER.minChunkBytes;
  const salt = crypto.getRandomValues(new Uint8Array(MEDIA_CONTAINER.saltBytes));
  const header = encodeMediaHeader({ version: 1, keyKind, chunkBytes, salt });
  const material = await crypto.subtle.importKey('raw', mediaKey, 'HKDF', false, ['deriveKey']);
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: new TextEncoder().encode(MEDIA_FILE_KEY_INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const chunks = mediaChunkCount(plain.length, chunkBytes);
  const parts: Uint8Array[] = [header];
  for (let index = 0; index < chunks; index++)
    parts.push(
      new Uint8Array(
        await crypto.subtle.encrypt(
          {
            name: 'AES-GCM',
            iv: new Uint8Array(mediaChunkNonce(index)),
            additionalData: new Uint8Array(mediaChunkAad(header, index, index === chunks - 1)),
          },
          key,
          plain.subarray(index * chunkBytes, (index + 1) * chunkBytes),
        ),
      ),
    );
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe('opening a file sealed under the user key in the browser (ADR 099)', () => {
  it('opens every chunk, the last one short, and only with the right key', async () => {
    const mediaKey = crypto.getRandomValues(new Uint8Array(32));
    const plain = new Uint8Array(3 * MEDIA_CONTAINER.minChunkBytes + 123).map((_, i) => i % 256);
    const sealed = await seal(plain, mediaKey, 'user');
    expect(isUserSealedMedia(sealed)).toBe(true);
    expect(await openUserSealedMedia(sealed, mediaKey)).toEqual(plain);
    await expect(openUserSealedMedia(sealed, crypto.getRandomValues(new Uint8Array(32)))).rejects.toThrow();
    const cut = sealed.slice(0, sealed.length - MEDIA_CONTAINER.minChunkBytes);
    await expect(openUserSealedMedia(cut, mediaKey)).rejects.toThrow();
    const empty = await seal(new Uint8Array(0), mediaKey, 'user');
    expect(await openUserSealedMedia(empty, mediaKey)).toEqual(new Uint8Array(0));
  });

  it('leaves the server’s own files and plain files to the server', async () => {
    const mediaKey = crypto.getRandomValues(new Uint8Array(32));
    const serverSealed = await seal(new Uint8Array([1, 2, 3]), mediaKey, 'server');
    expect(isUserSealedMedia(serverSealed)).toBe(false);
    expect(isUserSealedMedia(new Uint8Array([0xff, 0xd8, 0xff]))).toBe(false);
    await expect(openUserSealedMedia(serverSealed, mediaKey)).rejects.toThrow(/user key/);
  });
});
