/**
 * The container every stored media file is kept in (ADR 081): a 32-byte header, then the file's bytes cut into
 * fixed-size chunks, each sealed on its own with AES-256-GCM. Chunks let a byte range be read and opened without
 * the rest of the file (audio and video seek, thumbnails and signed links keep working), and the format uses only
 * what WebCrypto has (AES-GCM, HKDF-SHA256), so a browser can write and read it too once private mode keeps the key
 * in the browser. This file is the format's pure part: the header's layout and the arithmetic of sizes and
 * ranges. Sealing lives where the key is (the server's `infra/crypto/media-cipher.ts` for now).
 *
 * Layout (all integers big-endian):
 *
 *   header  0..7   magic `89 44 42 4D 45 44 0D 0A` ("\x89DBMED\r\n": a non-ASCII first byte and a line ending,
 *                  like PNG's, so no text tool or media sniffer takes it for anything it knows)
 *           8      version (1)
 *           9      whose key: 0 = derived by the server from its secret, 1 = the user's own key (private mode)
 *           10..11 zero (reserved)
 *           12..15 plaintext bytes per chunk (65,536 by default)
 *           16..31 the file's random salt
 *   chunks  chunk i = AES-256-GCM(file key, nonce_i, aad_i, plaintext_i) with its 16-byte tag appended.
 *           Every chunk holds `chunkBytes` of plaintext except the last, which holds 0..chunkBytes (an empty file
 *           is one empty chunk), so sizes and offsets follow from the stored size alone.
 *
 *   file key = HKDF-SHA256(ikm = the user's media key, salt = the header's salt, info = MEDIA_FILE_KEY_INFO), 32
 *              bytes: each file has its own key, so nonces never repeat under one key whatever number of files.
 *   nonce_i  = 8 zero bytes, then i as a 32-bit integer.
 *   aad_i    = the 32 header bytes, then i as a 32-bit integer, then 1 for the last chunk or 0 for any other:
 *              chunks cannot be moved, swapped between files, dropped from the end or followed by more.
 */

export const MEDIA_CONTAINER = {
  magic: Uint8Array.of(0x89, 0x44, 0x42, 0x4d, 0x45, 0x44, 0x0d, 0x0a),
  version: 1,
  headerBytes: 32,
  saltBytes: 16,
  tagBytes: 16,
  nonceBytes: 12,
  /** 64 KiB: a seek reads at most two chunks more than it needs; the tags cost 0.02 % of the file. */
  chunkBytes: 65_536,
  minChunkBytes: 4_096,
  maxChunkBytes: 4 * 1_048_576,
} as const;

/** HKDF's `info` for a file's key: names the use, so this key is never any other key derived from the same input. */
export const MEDIA_FILE_KEY_INFO = 'daybook/media-file/v1';

export type MediaKeyKind = 'server' | 'user';

export type MediaHeader = {
  version: 1;
  keyKind: MediaKeyKind;
  chunkBytes: number;
  salt: Uint8Array;
};

const KEY_KIND_BYTE: Record<MediaKeyKind, number> = { server: 0, user: 1 };

export function encodeMediaHeader(header: MediaHeader): Uint8Array {
  const { headerBytes, magic, saltBytes } = MEDIA_CONTAINER;
  if (header.salt.length !== saltBytes) throw new Error('a media header needs a 16-byte salt');
  assertChunkBytes(header.chunkBytes);
  const bytes = new Uint8Array(headerBytes);
  bytes.set(magic, 0);
  bytes[8] = header.version;
  bytes[9] = KEY_KIND_BYTE[header.keyKind];
  new DataView(bytes.buffer).setUint32(12, header.chunkBytes);
  bytes.set(header.salt, 16);
  return bytes;
}

/** Whether these first bytes of a file are a container's: a legacy file stored before ADR 081 is not. */
export function isMediaContainer(firstBytes: Uint8Array): boolean {
  const { magic } = MEDIA_CONTAINER;
  if (firstBytes.length < magic.length) return false;
  return magic.every((byte, i) => firstBytes[i] === byte);
}

/**
 * The header at the start of `bytes`, or null when the file is not a container (a plain legacy file). A file with
 * the magic but a header this code cannot read throws: it is a container, and guessing would serve ciphertext.
 */
export function decodeMediaHeader(bytes: Uint8Array): MediaHeader | null {
  if (!isMediaContainer(bytes)) return null;
  if (bytes.length < MEDIA_CONTAINER.headerBytes) throw new Error('media header cut short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, MEDIA_CONTAINER.headerBytes);
  const version = bytes[8];
  if (version !== MEDIA_CONTAINER.version) throw new Error(`unknown media container version ${version}`);
  const keyKind = bytes[9] === 0 ? 'server' : bytes[9] === 1 ? 'user' : null;
  if (!keyKind || bytes[10] !== 0 || bytes[11] !== 0) throw new Error('unknown media header fields');
  const chunkBytes = view.getUint32(12);
  assertChunkBytes(chunkBytes);
  return { version, keyKind, chunkBytes, salt: bytes.slice(16, MEDIA_CONTAINER.headerBytes) };
}

function assertChunkBytes(chunkBytes: number) {
  const { minChunkBytes, maxChunkBytes } = MEDIA_CONTAINER;
  if (!Number.isInteger(chunkBytes) || chunkBytes < minChunkBytes || chunkBytes > maxChunkBytes)
    throw new Error(`media chunk size ${chunkBytes} out of range`);
}

/** How many chunks a file of `plainSize` bytes is cut into (an empty file is one empty chunk). */
export const mediaChunkCount = (plainSize: number, chunkBytes: number) =>
  Math.max(1, Math.ceil(plainSize / chunkBytes));

/** The stored size of a file of `plainSize` bytes. */
export const sealedMediaSize = (plainSize: number, chunkBytes: number) =>
  MEDIA_CONTAINER.headerBytes + plainSize + mediaChunkCount(plainSize, chunkBytes) * MEDIA_CONTAINER.tagBytes;

/** The plaintext size of a stored container of `sealedSize` bytes; throws for a size no container can have. */
export function plainMediaSize(sealedSize: number, chunkBytes: number): number {
  const { headerBytes, tagBytes } = MEDIA_CONTAINER;
  const body = sealedSize - headerBytes;
  const chunks = Math.ceil(body / (chunkBytes + tagBytes));
  const lastChunk = body - (chunks - 1) * (chunkBytes + tagBytes);
  // The last chunk holds at least its tag, and only an empty file's one chunk may hold nothing else.
  if (body < tagBytes || lastChunk < tagBytes || (chunks > 1 && lastChunk === tagBytes))
    throw new Error(`no media container is ${sealedSize} bytes long`);
  return body - chunks * tagBytes;
}

/** Inclusive byte offsets. */
export type MediaSpan = { start: number; end: number };

/**
 * Which stored bytes hold the plaintext bytes `range` of a file stored as `sealedSize` bytes: the whole chunks that
 * contain it (`sealed`, inclusive, to read), their indexes, and how much of the first chunk's plaintext to drop
 * (`skip`) before the `length` bytes asked for.
 */
export function mediaChunkSpan(range: MediaSpan, sealedSize: number, chunkBytes: number) {
  const plainSize = plainMediaSize(sealedSize, chunkBytes);
  if (!(range.start >= 0 && range.start <= range.end && range.end < plainSize))
    throw new Error(`range ${range.start}-${range.end} is outside a file of ${plainSize} bytes`);
  const stride = chunkBytes + MEDIA_CONTAINER.tagBytes;
  const firstChunk = Math.floor(range.start / chunkBytes);
  const lastChunk = Math.floor(range.end / chunkBytes);
  return {
    firstChunk,
    lastChunk,
    chunkCount: mediaChunkCount(plainSize, chunkBytes),
    sealed: {
      start: MEDIA_CONTAINER.headerBytes + firstChunk * stride,
      end: Math.min(MEDIA_CONTAINER.headerBytes + (lastChunk + 1) * stride, sealedSize) - 1,
    },
    skip: range.start - firstChunk * chunkBytes,
    length: range.end - range.start + 1,
  };
}

/** The stored length of chunk `index` of a file of `plainSize` bytes: its plaintext and its tag. */
export function sealedChunkLength(index: number, plainSize: number, chunkBytes: number): number {
  const count = mediaChunkCount(plainSize, chunkBytes);
  const plain = index < count - 1 ? chunkBytes : plainSize - (count - 1) * chunkBytes;
  return plain + MEDIA_CONTAINER.tagBytes;
}

/** Chunk `index`'s 12-byte AES-GCM nonce. */
export function mediaChunkNonce(index: number): Uint8Array {
  const nonce = new Uint8Array(MEDIA_CONTAINER.nonceBytes);
  new DataView(nonce.buffer).setUint32(8, index);
  return nonce;
}

/** Chunk `index`'s associated data: the header, the index and whether it is the file's last chunk. */
export function mediaChunkAad(header: Uint8Array, index: number, isLast: boolean): Uint8Array {
  const aad = new Uint8Array(MEDIA_CONTAINER.headerBytes + 5);
  aad.set(header.subarray(0, MEDIA_CONTAINER.headerBytes), 0);
  const view = new DataView(aad.buffer);
  view.setUint32(MEDIA_CONTAINER.headerBytes, index);
  aad[MEDIA_CONTAINER.headerBytes + 4] = isLast ? 1 : 0;
  return aad;
}
