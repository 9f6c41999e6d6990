import { describe, expect, it } from 'vitest';
import {
  decodeMediaHeader,
  encodeMediaHeader,
  isMediaContainer,
  MEDIA_CONTAINER,
  mediaChunkAad,
  mediaChunkCount,
  mediaChunkNonce,
  mediaChunkSpan,
  plainMediaSize,
  sealedChunkLength,
  sealedMediaSize,
} from './media-container.ts';

const C = 65_536;
const salt = Uint8Array.from({ length: 16 }, (_, i) => i + 1);

describe('media container header', () => {
  it('writes the documented layout and reads it back', () => {
    const bytes = encodeMediaHeader({ version: 1, keyKind: 'server', chunkBytes: C, salt });
    expect(bytes).toHaveLength(32);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x44, 0x42, 0x4d, 0x45, 0x44, 0x0d, 0x0a]);
    expect(bytes[8]).toBe(1);
    expect(bytes[9]).toBe(0);
    expect([...bytes.subarray(12, 16)]).toEqual([0, 1, 0, 0]);
    expect([...bytes.subarray(16)]).toEqual([...salt]);
    expect(decodeMediaHeader(bytes)).toEqual({ version: 1, keyKind: 'server', chunkBytes: C, salt });
    const user = encodeMediaHeader({ version: 1, keyKind: 'user', chunkBytes: 8192, salt });
    expect(decodeMediaHeader(user)).toMatchObject({ keyKind: 'user', chunkBytes: 8192 });
  });

  it('takes a file without the magic for a plain legacy file, and refuses a container it cannot read', () => {
    const jpeg = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46);
    expect(isMediaContainer(jpeg)).toBe(false);
    expect(decodeMediaHeader(jpeg)).toBeNull();
    expect(decodeMediaHeader(new Uint8Array(0))).toBeNull();
    const header = encodeMediaHeader({ version: 1, keyKind: 'server', chunkBytes: C, salt });
    expect(() => decodeMediaHeader(header.subarray(0, 20))).toThrow('cut short');
    expect(() => decodeMediaHeader(Uint8Array.from(header, (b, i) => (i === 8 ? 2 : b)))).toThrow(
      'version 2',
    );
    expect(() => decodeMediaHeader(Uint8Array.from(header, (b, i) => (i === 9 ? 7 : b)))).toThrow();
    expect(() => decodeMediaHeader(Uint8Array.from(header, (b, i) => (i === 13 ? 0 : b)))).toThrow(
      'chunk size',
    );
    expect(() =>
      encodeMediaHeader({ version: 1, keyKind: 'server', chunkBytes: C, salt: salt.subarray(1) }),
    ).toThrow();
  });
});

describe('media container sizes', () => {
  it('cuts a file into full chunks and one last chunk, an empty file into one empty chunk', () => {
    expect(mediaChunkCount(0, C)).toBe(1);
    expect(mediaChunkCount(1, C)).toBe(1);
    expect(mediaChunkCount(C, C)).toBe(1);
    expect(mediaChunkCount(C + 1, C)).toBe(2);
    expect(sealedMediaSize(0, C)).toBe(32 + 16);
    expect(sealedMediaSize(C, C)).toBe(32 + C + 16);
    expect(sealedMediaSize(2 * C + 5, C)).toBe(32 + 2 * C + 5 + 3 * 16);
  });

  it('gives back every plaintext size from its sealed size', () => {
    for (const size of [0, 1, 15, 16, 17, C - 1, C, C + 1, 2 * C, 2 * C + 16, 5_000_000]) {
      expect(plainMediaSize(sealedMediaSize(size, C), C), String(size)).toBe(size);
    }
    expect(plainMediaSize(sealedMediaSize(12_345, 4096), 4096)).toBe(12_345);
  });

  it('refuses sizes no container has', () => {
    expect(() => plainMediaSize(32, C)).toThrow();
    expect(() => plainMediaSize(32 + 15, C)).toThrow();
    // One full chunk then a chunk holding only a tag: the writer would have made the full chunk the last.
    expect(() => plainMediaSize(32 + C + 16 + 16, C)).toThrow();
    expect(() => plainMediaSize(32 + C + 16 + 10, C)).toThrow();
  });

  it('knows each chunk stored length', () => {
    expect(sealedChunkLength(0, 0, C)).toBe(16);
    expect(sealedChunkLength(0, 10, C)).toBe(26);
    expect(sealedChunkLength(0, C + 10, C)).toBe(C + 16);
    expect(sealedChunkLength(1, C + 10, C)).toBe(26);
    expect(sealedChunkLength(1, 2 * C, C)).toBe(C + 16);
  });
});

describe('media container ranges', () => {
  const plain = 3 * C + 100;
  const sealed = sealedMediaSize(plain, C);
  const stride = C + 16;

  it('reads the first bytes from the first chunk alone', () => {
    expect(mediaChunkSpan({ start: 0, end: 9 }, sealed, C)).toEqual({
      firstChunk: 0,
      lastChunk: 0,
      chunkCount: 4,
      sealed: { start: 32, end: 32 + stride - 1 },
      skip: 0,
      length: 10,
    });
  });

  it('reads a range across a chunk boundary from both chunks', () => {
    expect(mediaChunkSpan({ start: C - 3, end: C + 2 }, sealed, C)).toEqual({
      firstChunk: 0,
      lastChunk: 1,
      chunkCount: 4,
      sealed: { start: 32, end: 32 + 2 * stride - 1 },
      skip: C - 3,
      length: 6,
    });
  });

  it('reads the end of the file up to the last stored byte', () => {
    expect(mediaChunkSpan({ start: plain - 50, end: plain - 1 }, sealed, C)).toEqual({
      firstChunk: 3,
      lastChunk: 3,
      chunkCount: 4,
      sealed: { start: 32 + 3 * stride, end: sealed - 1 },
      skip: 50,
      length: 50,
    });
    expect(mediaChunkSpan({ start: C, end: 2 * C - 1 }, sealed, C)).toMatchObject({
      firstChunk: 1,
      lastChunk: 1,
      skip: 0,
      length: C,
    });
  });

  it('refuses a range outside the file', () => {
    expect(() => mediaChunkSpan({ start: plain, end: plain }, sealed, C)).toThrow();
    expect(() => mediaChunkSpan({ start: 5, end: 4 }, sealed, C)).toThrow();
    expect(() => mediaChunkSpan({ start: 0, end: 0 }, sealedMediaSize(0, C), C)).toThrow();
  });
});

describe('media container nonces and associated data', () => {
  it('numbers chunks in the nonce and binds header, index and the last flag in the associated data', () => {
    expect([...mediaChunkNonce(0)]).toEqual(new Array(12).fill(0));
    expect([...mediaChunkNonce(258)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    const header = encodeMediaHeader({ version: 1, keyKind: 'server', chunkBytes: C, salt });
    const aad = mediaChunkAad(header, 258, true);
    expect(aad).toHaveLength(MEDIA_CONTAINER.headerBytes + 5);
    expect([...aad.subarray(0, 32)]).toEqual([...header]);
    expect([...aad.subarray(32)]).toEqual([0, 0, 1, 2, 1]);
    expect(mediaChunkAad(header, 258, false)[36]).toBe(0);
  });
});
