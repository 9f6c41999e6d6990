/**
 * ADR 081's media container sealed and opened with WebCrypto alone (ADR 096): private mode's browser seals a file
 * under the user's own media key (`deriveMediaKeyV2`, header key kind 1) before it is uploaded, and opens what the
 * server serves back unchanged. Same layout, file key, nonces and associated data as the server's
 * `infra/crypto/media-cipher.ts`; a test opens each with the other's output.
 *
 * Streaming: the plaintext is read one chunk at a time from a Blob (`slice`), and the sealed chunks are handed back
 * as a Blob built from parts, so a large video needs its own size once in memory plus one chunk, not three copies
 * (a browser may keep a large Blob's parts on disk).
 */
import {
  decodeMediaHeader,
  encodeMediaHeader,
  MEDIA_CONTAINER,
  MEDIA_FILE_KEY_INFO,
  type MediaHeader,
  mediaChunkAad,
  mediaChunkCount,
  mediaChunkNonce,
  plainMediaSize,
  sealedChunkLength,
  sealedMediaSize,
} from './media-container.ts';

const bytes = (value: Uint8Array) => value as Uint8Array<ArrayBuffer>;
/** WebCrypto's types by what its functions take and give (this package is built without the DOM's names). */
type FileKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
type GcmParams = Parameters<typeof crypto.subtle.encrypt>[0];
type Part = ArrayBuffer | Uint8Array<ArrayBuffer>;

/** A file's AES-GCM key: HKDF-SHA256 of the user's media key with the header's salt (ADR 081). */
async function fileKey(mediaKey: Uint8Array, salt: Uint8Array): Promise<FileKey> {
  const base = await crypto.subtle.importKey('raw', bytes(mediaKey), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: bytes(salt), info: new TextEncoder().encode(MEDIA_FILE_KEY_INFO) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

const gcm = (header: Uint8Array, index: number, isLast: boolean): GcmParams => ({
  name: 'AES-GCM',
  iv: bytes(mediaChunkNonce(index)),
  additionalData: bytes(mediaChunkAad(header, index, isLast)),
  tagLength: 128,
});

/** Where the bytes to seal come from: a Blob (a chosen file, a recording) or bytes already in memory. */
export type MediaPlaintext = Blob | Uint8Array;

async function sliceOf(plain: MediaPlaintext, start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
  if (plain instanceof Uint8Array) return bytes(plain.slice(start, end));
  return new Uint8Array(await plain.slice(start, end).arrayBuffer());
}

/**
 * Seals `plain` under the user's media key as a key-kind-1 container. `onProgress` gets the fraction sealed, for the
 * progress bar of a large file.
 */
export async function sealMediaInBrowser(
  plain: MediaPlaintext,
  mediaKey: Uint8Array,
  options: { chunkBytes?: number; onProgress?: (fraction: number) => void } = {},
): Promise<Blob> {
  const chunkBytes = options.chunkBytes ?? MEDIA_CONTAINER.chunkBytes;
  const salt = crypto.getRandomValues(new Uint8Array(MEDIA_CONTAINER.saltBytes));
  const header = encodeMediaHeader({ version: 1, keyKind: 'user', chunkBytes, salt });
  const key = await fileKey(mediaKey, salt);
  const size = plain instanceof Uint8Array ? plain.length : plain.size;
  const count = mediaChunkCount(size, chunkBytes);
  const parts: Part[] = [bytes(header)];
  for (let index = 0; index < count; index++) {
    const chunk = await sliceOf(plain, index * chunkBytes, Math.min(size, (index + 1) * chunkBytes));
    parts.push(await crypto.subtle.encrypt(gcm(header, index, index === count - 1), key, chunk));
    options.onProgress?.((index + 1) / count);
  }
  const sealed = new Blob(parts, { type: 'application/octet-stream' });
  if (sealed.size !== sealedMediaSize(size, chunkBytes)) throw new Error('media container of the wrong size');
  return sealed;
}

/** The header of a stored container, or null when the bytes are not one. */
export function mediaHeaderOf(first: Uint8Array): MediaHeader | null {
  try {
    return decodeMediaHeader(first);
  } catch {
    return null;
  }
}

/** Whether these bytes start a container sealed under the user's own key (kind 1), which only the browser opens. */
export const isUserSealedMedia = (first: Uint8Array): boolean => mediaHeaderOf(first)?.keyKind === 'user';

/** Raised when a container does not open: another key, a changed byte, cut short. Its message is for logs. */
export class MediaSealError extends Error {}

/**
 * Opens a whole key-kind-1 container with the user's media key, chunk by chunk, into a Blob of `type`. Any chunk
 * that fails its tag (a wrong key, a changed, moved or missing chunk) fails the whole file: nothing partial is shown.
 */
export async function openMediaInBrowser(
  sealed: MediaPlaintext,
  mediaKey: Uint8Array,
  type = '',
): Promise<Blob> {
  const size = sealed instanceof Uint8Array ? sealed.length : sealed.size;
  const head = await sliceOf(sealed, 0, MEDIA_CONTAINER.headerBytes);
  const header = mediaHeaderOf(head);
  if (!header) throw new MediaSealError('not a media container');
  if (header.keyKind !== 'user') throw new MediaSealError('sealed under the server key, not the account key');
  let plainSize: number;
  try {
    plainSize = plainMediaSize(size, header.chunkBytes);
  } catch {
    throw new MediaSealError('media container cut short');
  }
  const key = await fileKey(mediaKey, header.salt);
  const count = mediaChunkCount(plainSize, header.chunkBytes);
  const parts: Part[] = [];
  let offset: number = MEDIA_CONTAINER.headerBytes;
  for (let index = 0; index < count; index++) {
    const length = sealedChunkLength(index, plainSize, header.chunkBytes);
    const chunk = await sliceOf(sealed, offset, offset + length);
    offset += length;
    try {
      parts.push(await crypto.subtle.decrypt(gcm(head, index, index === count - 1), key, chunk));
    } catch {
      throw new MediaSealError('a media chunk did not open: another key, or changed');
    }
  }
  return new Blob(parts, { type });
}
