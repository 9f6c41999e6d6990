import { deriveMediaKeyV2, importAccountKey, randomKeyBytes, sealMediaInBrowser } from '@daybook/shared';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { rememberOfflineUser } from '../../lib/session/offline-user.ts';
import { json, sessionUser, stubApi } from '../../test/api.ts';
import { fakeXhr } from '../../test/browser-api-fakes.ts';
import { sealedEntry, storeTestEntryKey } from '../../test/entries.ts';
import { mediaUnsealStep } from './unseal-step.ts';

/*
 * Switching private mode off, the media's step (ADR 097, amended): each file sealed under the account key is
 * fetched through its owner's link, opened here, and sent back as plaintext with its thumbnail; a file under the
 * server's key is left alone, and one the key does not open is counted and left.
 */

const ENTRY = '33333333-3333-4333-8333-333333333333';
const TEXT_ENTRY = '44444444-4444-4444-8444-444444444444';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
const THUMB = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);

let accountKey: Uint8Array<ArrayBuffer>;
let mediaKey: Uint8Array<ArrayBuffer>;

beforeEach(async () => {
  forgetAccountKeys();
  rememberOfflineUser(sessionUser);
  await storeTestEntryKey();
  accountKey = randomKeyBytes();
  mediaKey = await deriveMediaKeyV2(await importAccountKey(accountKey));
});

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** The server of an account switching off, with one private photo and one text entry. */
async function stubSwitchingOff(sealedWith: Uint8Array) {
  const photo = await sealedEntry('the lake at dawn', {
    id: ENTRY,
    contentType: 'image',
    mediaUrl: `u/2026-11-29/${ENTRY}.png`,
    thumbnailSize: { width: 2, height: 2 },
  });
  const text = await sealedEntry('only words', { id: TEXT_ENTRY });
  const full = await bytesOf(await sealMediaInBrowser(PNG, sealedWith));
  const thumb = await bytesOf(await sealMediaInBrowser(THUMB, sealedWith));
  return stubApi({
    'GET /api/auth/session': json({ user: sessionUser }),
    'GET /api/entries': json({ entries: [photo, text], total: 2, page: 1, pageSize: 50 }),
    [`GET /api/entries/${ENTRY}`]: json(photo),
    [`GET /api/entries/${ENTRY}/media-url`]: json({
      url: '/api/media/file?path=full&signature=x',
      expiresAt: '2026-11-29T11:00:00Z',
      mediaType: 'image',
      mimeType: 'image/png',
      sealedByUser: true,
    }),
    [`GET /api/entries/${ENTRY}/thumbnail-url`]: json({
      url: '/api/media/file?path=thumb&signature=y',
      expiresAt: '2026-11-29T18:00:00Z',
      width: 2,
      height: 2,
      sealedByUser: true,
    }),
    'GET /api/media/file': ({ url }) => new Response(url.searchParams.get('path') === 'thumb' ? thumb : full),
  });
}

describe('the media step of switching off', () => {
  it('opens a photo and its thumbnail with the account key and sends both back as plaintext to replace the containers', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    await stubSwitchingOff(mediaKey);
    const xhr = fakeXhr();
    const progress: Array<{ done: number; total: number }> = [];
    const running = mediaUnsealStep.run((p) => progress.push(p));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(xhr.last.method).toBe('PUT');
    expect(xhr.last.url).toBe(`/api/entries/${ENTRY}/media/unsealed?thumbWidth=2&thumbHeight=2`);
    const form = xhr.last.body as FormData;
    expect(await bytesOf(form.get('file') as Blob)).toEqual(PNG);
    expect(await bytesOf(form.get('thumbnail') as Blob)).toEqual(THUMB);
    xhr.last.respond(200, { unsealed: true });
    expect(await running).toEqual({ converted: 2, unreadable: 0 });
    expect(progress.at(-1)).toEqual({ done: 2, total: 2 });
  });

  it('counts a file the key does not open and leaves it, sending nothing', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const otherKey = await deriveMediaKeyV2(await importAccountKey(randomKeyBytes()));
    await stubSwitchingOff(otherKey);
    const xhr = fakeXhr();
    expect(await mediaUnsealStep.run(() => undefined)).toEqual({ converted: 1, unreadable: 1 });
    expect(xhr.requests).toHaveLength(0);
  });

  it('asks for the passphrase when the journal is locked', async () => {
    await stubSwitchingOff(mediaKey);
    await expect(mediaUnsealStep.run(() => undefined)).rejects.toThrow(/Unlock your journal/);
  });
});
