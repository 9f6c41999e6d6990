import { describe, expect, it } from 'vitest';
import { generateKeyPair, openSealed, sealToPublicKey } from './key-pair.ts';
import { openMediaInBrowser, sealMediaInBrowser } from './media-container-web.ts';
import {
  newShareKey,
  openShareCopy,
  ShareSealError,
  sealShareCopy,
  shareKeyContext,
  shareKeyFragment,
  shareKeyFromFragment,
  shareMediaKey,
} from './share-seal.ts';

const SHARE = '5b0c1d4e-0000-4000-8000-000000000001';
const OTHER = '5b0c1d4e-0000-4000-8000-000000000002';

describe('sealed shares (ADR 103)', () => {
  it('opens its copy with its key and its share only', async () => {
    const key = newShareKey();
    const sealed = await sealShareCopy(key, SHARE, { text: 'the lake at dawn', moodTag: 'Calm' });
    expect(sealed).not.toContain('lake');
    expect(await openShareCopy(key, SHARE, sealed)).toEqual({ text: 'the lake at dawn', moodTag: 'Calm' });
    await expect(openShareCopy(key, OTHER, sealed)).rejects.toBeInstanceOf(ShareSealError);
    await expect(openShareCopy(newShareKey(), SHARE, sealed)).rejects.toBeInstanceOf(ShareSealError);
  });

  it('carries the key in a fragment and refuses what is not one', () => {
    const key = newShareKey();
    const fragment = shareKeyFragment(key);
    expect(fragment).toMatch(/^#k=[A-Za-z0-9_-]{43}$/);
    expect(shareKeyFromFragment(fragment)).toEqual(key);
    expect(shareKeyFromFragment('')).toBeNull();
    expect(shareKeyFromFragment('#k=short')).toBeNull();
    expect(shareKeyFromFragment(`${fragment.slice(0, -1)}!`)).toBeNull();
  });

  it('seals media under a key of its own that only the share key gives', async () => {
    const key = newShareKey();
    const mediaKey = await shareMediaKey(key);
    expect(mediaKey).not.toEqual(key);
    const plain = new TextEncoder().encode('not really a photo');
    const sealed = await sealMediaInBrowser(plain, mediaKey);
    const opened = await openMediaInBrowser(sealed, await shareMediaKey(key));
    expect(new Uint8Array(await opened.arrayBuffer())).toEqual(plain);
    await expect(openMediaInBrowser(sealed, await shareMediaKey(newShareKey()))).rejects.toThrow();
  });

  it('wraps the key to a public key for this share alone', async () => {
    const pair = await generateKeyPair();
    const key = newShareKey();
    const wrapped = await sealToPublicKey(pair.publicKey, key, shareKeyContext(SHARE));
    expect(await openSealed(pair.privateKey, pair.publicKey, wrapped, shareKeyContext(SHARE))).toEqual(key);
    await expect(
      openSealed(pair.privateKey, pair.publicKey, wrapped, shareKeyContext(OTHER)),
    ).rejects.toThrow();
  });
});
