import { createHmac, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  decodeMediaHeader,
  encodeMediaHeader,
  MEDIA_CONTAINER,
  MEDIA_FILE_KEY_INFO,
  mediaChunkAad,
  mediaChunkNonce,
  mediaChunkSpan,
  plainMediaSize,
  sealedMediaSize,
} from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { createMediaKeys, openMedia, sealMedia } from './media-cipher.ts';

const SECRET = 'a-test-encryption-secret-of-enough-length';
const USER = '8d1f2c3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const C = 4096;
const keys = createMediaKeys(SECRET);

/** Seals `plain` as the storage does, fed in uneven pieces as a socket or a file stream would. */
async function seal(plain: Buffer, chunkBytes = C, userId = USER) {
  const { header, key } = keys.newFile(userId, chunkBytes);
  const pieces = [];
  for (let at = 0; at < plain.length; at += 1000) pieces.push(plain.subarray(at, at + 1000));
  return buffer(Readable.from(pieces).pipe(sealMedia(header, key)));
}

function open(sealed: Buffer, range?: { start: number; end: number }, userId = USER) {
  const header = sealed.subarray(0, MEDIA_CONTAINER.headerBytes);
  const decoded = decodeMediaHeader(header)!;
  const plainSize = plainMediaSize(sealed.length, decoded.chunkBytes);
  const span = mediaChunkSpan(range ?? { start: 0, end: plainSize - 1 }, sealed.length, decoded.chunkBytes);
  const stored = sealed.subarray(span.sealed.start, span.sealed.end + 1);
  return buffer(
    Readable.from([stored]).pipe(openMedia(header, keys.keyOf(userId, decoded), { plainSize, ...span })),
  );
}

describe('media sealing (ADR 081)', () => {
  it('seals any size into a container of the documented size and opens it again', async () => {
    for (const size of [1, 15, C - 1, C, C + 1, 3 * C + 100]) {
      const plain = randomBytes(size);
      const sealed = await seal(plain);
      expect(sealed.length, String(size)).toBe(sealedMediaSize(size, C));
      expect((await open(sealed)).equals(plain), String(size)).toBe(true);
    }
    const empty = await seal(Buffer.alloc(0));
    expect(empty.length).toBe(MEDIA_CONTAINER.headerBytes + MEDIA_CONTAINER.tagBytes);
  });

  it('opens any byte range from the chunks it falls in alone', async () => {
    const plain = randomBytes(3 * C + 100);
    const sealed = await seal(plain);
    for (const [start, end] of [
      [0, 9],
      [C - 3, C + 2],
      [C, 2 * C - 1],
      [10, 3 * C + 99],
      [3 * C + 50, 3 * C + 99],
    ] as const) {
      expect(
        (await open(sealed, { start, end })).equals(plain.subarray(start, end + 1)),
        `${start}-${end}`,
      ).toBe(true);
    }
  });

  it('leaves nothing of the plaintext in the stored bytes, and seals the same bytes differently each time', async () => {
    const plain = Buffer.from('Dear diary, the view from the ridge. '.repeat(400));
    const [one, two] = [await seal(plain), await seal(plain)];
    expect(one.includes(Buffer.from('Dear diary'))).toBe(false);
    expect(one.subarray(MEDIA_CONTAINER.headerBytes).equals(two.subarray(MEDIA_CONTAINER.headerBytes))).toBe(
      false,
    );
  });

  it('refuses a changed byte, swapped chunks, a dropped last chunk, another user and another secret', async () => {
    const plain = randomBytes(3 * C);
    const sealed = await seal(plain);
    const stride = C + MEDIA_CONTAINER.tagBytes;
    const flipped = Buffer.from(sealed);
    flipped[MEDIA_CONTAINER.headerBytes + stride + 7]! ^= 1;
    await expect(open(flipped)).rejects.toThrow('did not open');
    const chunk = (i: number) =>
      sealed.subarray(
        MEDIA_CONTAINER.headerBytes + i * stride,
        MEDIA_CONTAINER.headerBytes + (i + 1) * stride,
      );
    const swapped = Buffer.concat([
      sealed.subarray(0, MEDIA_CONTAINER.headerBytes),
      chunk(1),
      chunk(0),
      chunk(2),
    ]);
    await expect(open(swapped)).rejects.toThrow('did not open');
    // Cut after two whole chunks: a shorter file by its size, but its second chunk was not sealed as the last.
    const cut = sealed.subarray(0, MEDIA_CONTAINER.headerBytes + 2 * stride);
    await expect(open(cut)).rejects.toThrow('did not open');
    await expect(open(sealed, undefined, '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d')).rejects.toThrow(
      'did not open',
    );
    const header = decodeMediaHeader(sealed.subarray(0, MEDIA_CONTAINER.headerBytes))!;
    expect(
      createMediaKeys('another-secret-of-enough-length-here')
        .keyOf(USER, header)
        .equals(keys.keyOf(USER, header)),
    ).toBe(false);
    // A stream that ends early is an error, not a shorter file.
    const span = mediaChunkSpan({ start: 0, end: 3 * C - 1 }, sealed.length, C);
    const short = Readable.from([sealed.subarray(span.sealed.start, span.sealed.start + stride)]).pipe(
      openMedia(sealed.subarray(0, 32), keys.keyOf(USER, header), { plainSize: 3 * C, ...span }),
    );
    await expect(buffer(short)).rejects.toThrow('cut short');
  });

  it('refuses a file sealed under the user’s own key (private mode): the server does not hold it', () => {
    const header = encodeMediaHeader({ version: 1, keyKind: 'user', chunkBytes: C, salt: randomBytes(16) });
    expect(() => keys.keyOf(USER, decodeMediaHeader(header)!)).toThrow('does not hold');
  });

  it('is the format WebCrypto reads and writes, so a browser can hold the key later', async () => {
    const plain = randomBytes(2 * C + 10);
    const sealed = await seal(plain);
    const header = sealed.subarray(0, MEDIA_CONTAINER.headerBytes);
    const { salt } = decodeMediaHeader(header)!;
    const userKey = createHmac('sha256', SECRET).update(`daybook/media/v1:${USER}`).digest();
    const subtle = globalThis.crypto.subtle;
    const ikm = await subtle.importKey('raw', userKey, 'HKDF', false, ['deriveKey']);
    const fileKey = await subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt, info: new TextEncoder().encode(MEDIA_FILE_KEY_INFO) },
      ikm,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
    const stride = C + MEDIA_CONTAINER.tagBytes;
    const opened: Buffer[] = [];
    for (let i = 0; i < 3; i++) {
      const body = sealed.subarray(
        MEDIA_CONTAINER.headerBytes + i * stride,
        MEDIA_CONTAINER.headerBytes + (i + 1) * stride,
      );
      const params = {
        name: 'AES-GCM',
        iv: mediaChunkNonce(i),
        additionalData: mediaChunkAad(header, i, i === 2),
      };
      opened.push(Buffer.from(await subtle.decrypt(params, fileKey, body)));
    }
    expect(Buffer.concat(opened).equals(plain)).toBe(true);

    // And the other way: chunks WebCrypto sealed open here.
    const browserSealed = [header];
    for (let i = 0; i < 3; i++) {
      const params = {
        name: 'AES-GCM',
        iv: mediaChunkNonce(i),
        additionalData: mediaChunkAad(header, i, i === 2),
      };
      browserSealed.push(
        Buffer.from(await subtle.encrypt(params, fileKey, plain.subarray(i * C, (i + 1) * C))),
      );
    }
    expect((await open(Buffer.concat(browserSealed))).equals(plain)).toBe(true);
  });
});
