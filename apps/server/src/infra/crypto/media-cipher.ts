import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import {
  decodeMediaHeader,
  encodeMediaHeader,
  MEDIA_CONTAINER,
  MEDIA_FILE_KEY_INFO,
  type MediaHeader,
  mediaChunkAad,
  mediaChunkNonce,
  sealedChunkLength,
} from '@daybook/shared';

const VERSION = 'v1';

/**
 * Keys for media at rest (ADR 081), kept the way entry and two-step keys are (entry-keys.ts, two-factor-secrets.ts):
 * a user's media key is HMAC-SHA256(ENCRYPTION_SECRET, a label and the user id), never stored, so the media folder or
 * the bucket alone opens nothing. Each file's own key is derived from it with HKDF and the file's random salt (the
 * container's format, `@daybook/shared` media-container.ts), so no two files share a key. Files sealed under a
 * user's own key (private mode, not built yet) are refused here: the server does not hold that key.
 */
export function createMediaKeys(encryptionSecret: string) {
  const userKey = (userId: string) =>
    createHmac('sha256', encryptionSecret).update(`daybook/media/${VERSION}:${userId}`).digest();
  const fileKey = (userId: string, salt: Uint8Array) =>
    Buffer.from(hkdfSync('sha256', userKey(userId), salt, MEDIA_FILE_KEY_INFO, 32));

  return {
    /** A new file's header (with a fresh salt) and its key. */
    newFile(userId: string, chunkBytes: number = MEDIA_CONTAINER.chunkBytes) {
      const salt = randomBytes(MEDIA_CONTAINER.saltBytes);
      const header = Buffer.from(encodeMediaHeader({ version: 1, keyKind: 'server', chunkBytes, salt }));
      return { header, key: fileKey(userId, salt) };
    },

    /** The key a stored file was sealed with, from its header. */
    keyOf(userId: string, header: MediaHeader): Buffer {
      if (header.keyKind !== 'server')
        throw new Error('this file is sealed under a key the server does not hold');
      return fileKey(userId, header.salt);
    },
  };
}

export type MediaKeys = ReturnType<typeof createMediaKeys>;

/** Takes exactly `length` bytes off the front of a queue of buffers (the caller checked there are that many). */
function take(queue: Buffer[], length: number): Buffer {
  if (queue[0]!.length === length) return queue.shift()!;
  if (queue[0]!.length > length) {
    const head = queue[0]!.subarray(0, length);
    queue[0] = queue[0]!.subarray(length);
    return head;
  }
  const parts: Buffer[] = [];
  let wanted = length;
  while (wanted > 0) {
    const next = queue[0]!;
    if (next.length <= wanted) {
      parts.push(queue.shift()!);
      wanted -= next.length;
    } else {
      parts.push(next.subarray(0, wanted));
      queue[0] = next.subarray(wanted);
      wanted = 0;
    }
  }
  return Buffer.concat(parts, length);
}

function sealChunk(key: Buffer, header: Buffer, index: number, isLast: boolean, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, mediaChunkNonce(index), { authTagLength: 16 });
  cipher.setAAD(mediaChunkAad(header, index, isLast));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function openChunk(key: Buffer, header: Buffer, index: number, isLast: boolean, sealed: Buffer): Buffer {
  const tagAt = sealed.length - MEDIA_CONTAINER.tagBytes;
  const decipher = createDecipheriv('aes-256-gcm', key, mediaChunkNonce(index), { authTagLength: 16 });
  decipher.setAAD(mediaChunkAad(header, index, isLast));
  decipher.setAuthTag(sealed.subarray(tagAt));
  return Buffer.concat([decipher.update(sealed.subarray(0, tagAt)), decipher.final()]);
}

/**
 * Plaintext in, the container out: the header, then each chunk sealed as soon as it is full. A full chunk is held
 * back until a byte follows it, because only the end of the input says which chunk is the last.
 */
export function sealMedia(header: Buffer, key: Buffer): Transform {
  const { chunkBytes } = decodeMediaHeader(header)!;
  const queue: Buffer[] = [];
  let queued = 0;
  let index = 0;
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(header);
    started = true;
  };
  return new Transform({
    transform(data: Buffer, _encoding, done: TransformCallback) {
      start(this);
      queue.push(data);
      queued += data.length;
      while (queued > chunkBytes) {
        this.push(sealChunk(key, header, index++, false, take(queue, chunkBytes)));
        queued -= chunkBytes;
      }
      done();
    },
    flush(done: TransformCallback) {
      start(this);
      this.push(sealChunk(key, header, index, true, queued === 0 ? Buffer.alloc(0) : take(queue, queued)));
      done();
    },
  });
}

/**
 * The stored bytes of chunks `firstChunk`… in, the plaintext `skip`…`skip + length` of them out (ADR 081): each
 * chunk is opened with its index and whether it is the file's last, so a chunk moved, swapped or cut off fails its
 * tag. A stream that ends before the asked-for bytes fails too: truncation is never served as a shorter file.
 */
export function openMedia(
  header: Buffer,
  key: Buffer,
  part: { plainSize: number; firstChunk: number; chunkCount: number; skip: number; length: number },
): Transform {
  const { chunkBytes } = decodeMediaHeader(header)!;
  const queue: Buffer[] = [];
  let queued = 0;
  let index = part.firstChunk;
  let toSkip = part.skip;
  let toSend = part.length;
  const next = () => sealedChunkLength(index, part.plainSize, chunkBytes);
  return new Transform({
    transform(data: Buffer, _encoding, done: TransformCallback) {
      queue.push(data);
      queued += data.length;
      try {
        while (toSend > 0 && index < part.chunkCount && queued >= next()) {
          const length = next();
          let plain = openChunk(key, header, index, index === part.chunkCount - 1, take(queue, length));
          queued -= length;
          index++;
          if (toSkip > 0) {
            const dropped = Math.min(toSkip, plain.length);
            plain = plain.subarray(dropped);
            toSkip -= dropped;
          }
          if (plain.length > toSend) plain = plain.subarray(0, toSend);
          toSend -= plain.length;
          if (plain.length > 0) this.push(plain);
        }
        done();
      } catch {
        done(new Error('a stored media chunk did not open: tampered with, cut short or under another key'));
      }
    },
    flush(done: TransformCallback) {
      done(toSend > 0 ? new Error('stored media file cut short') : undefined);
    },
  });
}
