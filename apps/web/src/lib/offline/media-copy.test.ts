import { describe, expect, it } from 'vitest';
import { sealedEntry, testEntryKey } from '../../test/entries.ts';
import { keepEntries, removeCopiedEntry } from './entry-copy.ts';
import { MEDIA_COPY, removeEntryCopies, withStore } from './idb.ts';
import {
  entryKeyMediaCipher,
  type KeptMedia,
  keepMedia,
  keptMediaBytes,
  MEDIA_COPY_ITEM_MAX_BYTES,
  MEDIA_COPY_MAX_BYTES,
  readKeptMedia,
} from './media-copy.ts';

/** A JPEG's head (SOI, the JFIF marker) then a body: what a photo's first bytes look like. */
function jpegBytes(bodyLength = 4096): Uint8Array<ArrayBuffer> {
  const head = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];
  const bytes = new Uint8Array(head.length + bodyLength);
  bytes.set(head);
  for (let i = head.length; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
  return bytes;
}
/** A WebM recording's head (the EBML magic number, then "webm"). */
const webmBytes = () =>
  new Uint8Array([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d,
  ]);

const ENTRY = '11111111-1111-4111-8111-111111111111';
const photoPath = (entryId = ENTRY) => `/api/entries/${entryId}/media-url`;
const thumbPath = (entryId = ENTRY) => `/api/entries/${entryId}/thumbnail-url`;
/** How the store names a file: its entry's id, then its path. */
const named = (path: string, entryId = ENTRY) => ({ entryId, path });
const idOf = (path: string, entryId = ENTRY) => `${entryId} ${path}`;
const photoMeta = {
  expiresAt: '2026-11-29T12:00:00Z',
  mediaType: 'image',
  mimeType: 'image/jpeg',
  contentType: 'image/jpeg',
};

const fileOf = (
  path: string,
  bytes: Uint8Array<ArrayBuffer>,
  meta: unknown = photoMeta,
  entryId = ENTRY,
) => ({
  path,
  entryId,
  download: async (): Promise<KeptMedia> => ({ meta, bytes }),
});

const allRecords = async () =>
  ((await withStore<unknown[]>(MEDIA_COPY, 'readonly', (s) => s.getAll())) ?? []) as Array<
    Record<string, unknown>
  >;

/** Whether `needle` occurs anywhere in `haystack`. */
function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

describe('the media kept for reading offline (ADR 093)', () => {
  it('stores each file sealed: no magic number, no byte run of the file, no type in the raw records', async () => {
    const { key } = await testEntryKey();
    const photo = jpegBytes();
    const voice = webmBytes();
    await keepMedia(entryKeyMediaCipher(key), 'user-a', fileOf(photoPath(), photo));
    await keepMedia(
      entryKeyMediaCipher(key),
      'user-a',
      fileOf(`/api/entries/${ENTRY}/attachments/a2/media-url`, voice, {
        mimeType: 'audio/webm',
        contentType: 'audio/webm',
      }),
    );
    const records = await allRecords();
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(Object.keys(record).sort()).toEqual(['data', 'id', 'iv', 'size', 'used', 'userId']);
      const data = new Uint8Array(record.data as ArrayBuffer);
      expect(record.size).toBe(data.byteLength);
      for (const magic of [
        [0xff, 0xd8, 0xff],
        [0x1a, 0x45, 0xdf, 0xa3],
      ]) {
        expect(Array.from(data.subarray(0, magic.length))).not.toEqual(magic);
      }
      // No run of the files' own bytes anywhere, nor their type in text.
      expect(contains(data, photo.subarray(0, 64))).toBe(false);
      expect(contains(data, voice)).toBe(false);
      expect(contains(data, new TextEncoder().encode('image/jpeg'))).toBe(false);
      expect(contains(data, new TextEncoder().encode('audio/webm'))).toBe(false);
      expect(JSON.stringify(record)).not.toMatch(/jpeg|webm|image|audio/);
    }
    // Read back whole, with what the server said of it.
    const kept = await readKeptMedia(entryKeyMediaCipher(key), 'user-a', named(photoPath()));
    expect(kept?.meta).toEqual(photoMeta);
    expect(Array.from(kept?.bytes ?? [])).toEqual(Array.from(photo));
  });

  it('opens nothing for another user, with another key, or from a record that was tampered with', async () => {
    const { key } = await testEntryKey();
    await keepMedia(entryKeyMediaCipher(key), 'user-a', fileOf(photoPath(), jpegBytes()));
    expect(await readKeptMedia(entryKeyMediaCipher(key), 'user-b', named(photoPath()))).toBeNull();
    const otherKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    expect(await readKeptMedia(entryKeyMediaCipher(otherKey), 'user-a', named(photoPath()))).toBeNull();
    const [record] = await allRecords();
    if (!record) throw new Error('The photo was not kept');
    const tampered = new Uint8Array((record.data as ArrayBuffer).slice(0));
    tampered[5] = (tampered[5] ?? 0) ^ 1;
    await withStore(MEDIA_COPY, 'readwrite', (store) => store.put({ ...record, data: tampered.buffer }));
    expect(await readKeptMedia(entryKeyMediaCipher(key), 'user-a', named(photoPath()))).toBeNull();
    expect(await readKeptMedia(entryKeyMediaCipher(key), 'user-a', named(thumbPath()))).toBeNull();
  });

  it('keeps a file once: opened again, it is only marked as used, not downloaded again', async () => {
    const { key } = await testEntryKey();
    let downloads = 0;
    const file = {
      ...fileOf(photoPath(), jpegBytes()),
      download: async () => {
        downloads += 1;
        return { meta: photoMeta, bytes: jpegBytes() };
      },
    };
    await keepMedia(entryKeyMediaCipher(key), 'user-a', file);
    await keepMedia(entryKeyMediaCipher(key), 'user-a', file);
    expect(downloads).toBe(1);
    expect(await allRecords()).toHaveLength(1);
  });

  it('stays within its bound: the least recently used files go first, and a file too large is not kept', async () => {
    const { key } = await testEntryKey();
    // Two files that almost fill the bound (their sizes as recorded; their bytes stand in), A used before B.
    const almostHalf = MEDIA_COPY_MAX_BYTES / 2 - 1024;
    for (const [entryId, used] of [
      ['a', 1],
      ['b', 2],
    ] as const) {
      const id = idOf(`/api/entries/${entryId}/media-url`, entryId);
      await withStore(MEDIA_COPY, 'readwrite', (store) =>
        store.put({
          id,
          userId: 'user-a',
          used,
          size: almostHalf,
          iv: new Uint8Array(12),
          data: new ArrayBuffer(8),
        }),
      );
    }
    expect(await keptMediaBytes('user-a')).toBe(2 * almostHalf);
    // A is opened again offline: now B is the least recently used.
    const aId = idOf('/api/entries/a/media-url', 'a');
    await readKeptMedia(entryKeyMediaCipher(key), 'user-a', named('/api/entries/a/media-url', 'a'));
    const [a] = (await allRecords()).filter((record) => record.id === aId);
    expect(a?.used).toBe(3);

    // A new photo of 4 KB does not fit beside both: B goes, A and the photo stay.
    await keepMedia(entryKeyMediaCipher(key), 'user-a', fileOf(photoPath(), jpegBytes()));
    const ids = (await allRecords()).map((record) => record.id).sort();
    expect(ids).toEqual([aId, idOf(photoPath())].sort());
    expect(await keptMediaBytes('user-a')).toBeLessThanOrEqual(MEDIA_COPY_MAX_BYTES);
    const photo = (await allRecords()).find((record) => record.id === idOf(photoPath()));
    expect(photo?.used).toBe(4);

    // A video over the per-file bound is not kept, and evicts nothing.
    await keepMedia(
      entryKeyMediaCipher(key),
      'user-a',
      fileOf(`/api/entries/${ENTRY}/attachments/v/media-url`, new Uint8Array(MEDIA_COPY_ITEM_MAX_BYTES + 1), {
        contentType: 'video/webm',
      }),
    );
    expect((await allRecords()).map((record) => record.id).sort()).toEqual(ids);
  });

  it('keeps one person at a time: the first file kept for another user removes the last one’s', async () => {
    const { key } = await testEntryKey();
    await keepMedia(entryKeyMediaCipher(key), 'user-a', fileOf(photoPath(), jpegBytes()));
    await keepMedia(entryKeyMediaCipher(key), 'user-b', fileOf(thumbPath(), jpegBytes(100)));
    expect((await allRecords()).map((record) => [record.userId, record.id])).toEqual([
      ['user-b', idOf(thumbPath())],
    ]);
  });

  it('goes at sign-out with the entry copy, and a file whose download ends after it is not written', async () => {
    const { key } = await testEntryKey();
    await keepMedia(entryKeyMediaCipher(key), 'user-a', fileOf(photoPath(), jpegBytes()));
    await keepEntries(
      { seal: async () => ({ encryptedContent: 'x', encryptionIv: 'y' }), open: async () => null },
      'user-a',
      [await sealedEntry('A day at the harbour')],
    );
    // A video still downloading as the person signs out.
    let finish: (value: KeptMedia) => void = () => undefined;
    const slow = keepMedia(entryKeyMediaCipher(key), 'user-a', {
      path: thumbPath(),
      entryId: ENTRY,
      download: () => new Promise<KeptMedia>((resolve) => (finish = resolve)),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await removeEntryCopies();
    finish({ meta: {}, bytes: jpegBytes() });
    await slow;
    expect(await allRecords()).toEqual([]);
    expect(await withStore<unknown[]>('entry-copy', 'readonly', (s) => s.getAll())).toEqual([]);
    // Signed in again, the same file is kept again (the page forgot it had kept it).
    await keepMedia(entryKeyMediaCipher(key), 'user-a', fileOf(photoPath(), jpegBytes()));
    expect(await allRecords()).toHaveLength(1);
  });

  it('a deleted entry takes its media with it, here or found deleted elsewhere', async () => {
    const { key } = await testEntryKey();
    const kept = await sealedEntry('Two photos of the pier');
    const other = await sealedEntry('A photo of the lighthouse');
    for (const entry of [kept, other]) {
      await keepMedia(
        entryKeyMediaCipher(key),
        'user-a',
        fileOf(photoPath(entry.id), jpegBytes(), photoMeta, entry.id),
      );
      await keepMedia(
        entryKeyMediaCipher(key),
        'user-a',
        fileOf(thumbPath(entry.id), jpegBytes(64), photoMeta, entry.id),
      );
    }
    const entryCipher = {
      seal: async () => ({ encryptedContent: 'x', encryptionIv: 'y' }),
      open: async () => null,
    };
    await keepEntries(entryCipher, 'user-a', [kept, other]);
    await removeCopiedEntry(other.id);
    expect((await allRecords()).map((record) => String(record.id).split(' ')[0])).toEqual([kept.id, kept.id]);
    // The whole journal, fetched again, no longer has `kept`: deleted on another device.
    await keepEntries(entryCipher, 'user-a', [], { isWholeJournal: true });
    expect(await allRecords()).toEqual([]);
  });
});
