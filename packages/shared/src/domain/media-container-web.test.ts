import { describe, expect, it } from 'vitest';
import { MEDIA_CONTAINER, mediaHeaderOf, sealedMediaSize } from '../index.ts';
import { deriveMediaKeyV2, importAccountKey } from './account-key.ts';
import { MediaSealError, openMediaInBrowser, sealMediaInBrowser } from './media-container-web.ts';
import { randomKeyBytes } from './private-keys.ts';

const mediaKeyOf = async (raw: Uint8Array<ArrayBuffer>) => deriveMediaKeyV2(await importAccountKey(raw));
const plainOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + 7) % 251);

describe('the media container sealed in the browser (ADR 096)', () => {
  it('seals a file as a key-kind-1 container that opens with the account key, at every size around a chunk', async () => {
    const mediaKey = await mediaKeyOf(randomKeyBytes());
    const chunkBytes = MEDIA_CONTAINER.minChunkBytes;
    for (const length of [0, 1, chunkBytes - 1, chunkBytes, chunkBytes + 1, 3 * chunkBytes + 17]) {
      const plain = plainOf(length);
      const sealed = await sealMediaInBrowser(new Blob([plain]), mediaKey, { chunkBytes });
      expect(sealed.size).toBe(sealedMediaSize(length, chunkBytes));
      const bytes = new Uint8Array(await sealed.arrayBuffer());
      expect(mediaHeaderOf(bytes)).toMatchObject({ keyKind: 'user', chunkBytes });
      expect(bytes[9]).toBe(1);
      const opened = await openMediaInBrowser(sealed, mediaKey, 'image/jpeg');
      expect(opened.type).toBe('image/jpeg');
      expect(new Uint8Array(await opened.arrayBuffer())).toEqual(plain);
    }
  });

  it('reports progress chunk by chunk and seals bytes already in memory alike', async () => {
    const mediaKey = await mediaKeyOf(randomKeyBytes());
    const fractions: number[] = [];
    const plain = plainOf(3 * MEDIA_CONTAINER.chunkBytes);
    const sealed = await sealMediaInBrowser(plain, mediaKey, { onProgress: (f) => fractions.push(f) });
    expect(fractions).toEqual([1 / 3, 2 / 3, 1]);
    expect(new Uint8Array(await (await openMediaInBrowser(sealed, mediaKey)).arrayBuffer())).toEqual(plain);
  });

  it('does not open under another account key, with a changed byte, cut short, or as a server-key file', async () => {
    const mediaKey = await mediaKeyOf(randomKeyBytes());
    const otherKey = await mediaKeyOf(randomKeyBytes());
    const plain = plainOf(10_000);
    const sealed = new Uint8Array(await (await sealMediaInBrowser(plain, mediaKey)).arrayBuffer());
    await expect(openMediaInBrowser(sealed, otherKey)).rejects.toBeInstanceOf(MediaSealError);
    const changed = sealed.slice();
    changed[100] = changed[100]! ^ 1;
    await expect(openMediaInBrowser(changed, mediaKey)).rejects.toBeInstanceOf(MediaSealError);
    await expect(openMediaInBrowser(sealed.slice(0, sealed.length - 1), mediaKey)).rejects.toBeInstanceOf(
      MediaSealError,
    );
    const serverKind = sealed.slice();
    serverKind[9] = 0;
    await expect(openMediaInBrowser(serverKind, mediaKey)).rejects.toThrow(/server key/);
    await expect(openMediaInBrowser(plain, mediaKey)).rejects.toThrow(/not a media container/);
  });
});
