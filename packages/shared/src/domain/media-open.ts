import {
  decodeMediaHeader,
  MEDIA_CONTAINER,
  MEDIA_FILE_KEY_INFO,
  mediaChunkAad,
  mediaChunkCount,
  mediaChunkNonce,
  plainMediaSize,
} from './media-container.ts';

/*
 * Opening a whole media container sealed under the user's own key (ADR 081's key kind 1, private mode) in the
 * browser, with WebCrypto alone: what the browser's export of a private account does with a file the server serves
 * as it stores it (ADR 099). The media feature's own browser-side sealing (being built beside this) will have its
 * open function; the lead can make this one of them then. The file is opened whole: export handles one file at a
 * time and writes it into the zip as one piece.
 */

const encoder = new TextEncoder();

/** Whether these bytes are a container sealed under the user's key (kind 1), which only the browser can open. */
export function isUserSealedMedia(bytes: Uint8Array): boolean {
  try {
    return decodeMediaHeader(bytes)?.keyKind === 'user';
  } catch {
    return false;
  }
}

/**
 * The plain bytes of a kind-1 container, given the user's media key (`deriveMediaKeyV2`). Throws when the file is
 * not such a container, was sealed under another key, or was changed (each chunk's tag, bound to its place).
 */
export async function openUserSealedMedia(
  bytes: Uint8Array<ArrayBuffer>,
  mediaKey: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const header = decodeMediaHeader(bytes);
  if (header?.keyKind !== 'user') throw new Error('not a media file sealed under the user key');
  const { headerBytes, tagBytes } = MEDIA_CONTAINER;
  const material = await crypto.subtle.importKey('raw', mediaKey, 'HKDF', false, ['deriveKey']);
  const fileKey = await crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(header.salt),
      info: encoder.encode(MEDIA_FILE_KEY_INFO),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  );
  const plainSize = plainMediaSize(bytes.length, header.chunkBytes);
  const chunks = mediaChunkCount(plainSize, header.chunkBytes);
  const out = new Uint8Array(plainSize);
  const headerView = bytes.subarray(0, headerBytes);
  for (let index = 0; index < chunks; index++) {
    const start = headerBytes + index * (header.chunkBytes + tagBytes);
    const end = Math.min(start + header.chunkBytes + tagBytes, bytes.length);
    const plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: new Uint8Array(mediaChunkNonce(index)),
        additionalData: new Uint8Array(mediaChunkAad(headerView, index, index === chunks - 1)),
      },
      fileKey,
      bytes.subarray(start, end),
    );
    out.set(new Uint8Array(plain), index * header.chunkBytes);
  }
  return out;
}
