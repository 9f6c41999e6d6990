import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open as openFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import {
  decodeMediaHeader,
  isMediaContainer,
  MEDIA_CONTAINER,
  mediaChunkSpan,
  plainMediaSize,
  sealedMediaSize,
} from '@daybook/shared';
import { type MediaKeys, openMedia, sealMedia } from '../crypto/media-cipher.ts';
import type { MediaLinks } from './links.ts';
import type { ByteSpan, OpenedFile, Storage, StorageDriver } from './storage.ts';

/** What a sealed object says of itself to whoever lists the bucket: nothing of what it holds. */
const SEALED_CONTENT_TYPE = 'application/octet-stream';

/** Every storage path starts with its owner's id (storage.ts), whose media key seals it. */
const ownerOf = (storagePath: string) => storagePath.slice(0, storagePath.indexOf('/'));

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** `from` piped into `to`, an error on either side ending both; the caller reads `to`. */
const piped = (from: Readable, to: NodeJS.ReadWriteStream & Readable): Readable =>
  pipeline(from, to, () => undefined) as Readable;

/**
 * Media at rest (ADR 081): every file a driver stores is the sealed container of `@daybook/shared`
 * media-container.ts, under its owner's media key; every read opens it, whole or one plaintext range, by reading only
 * the chunks the range falls in. Files stored plain before are read as they are until the `seal-stored-media` job
 * has sealed them (`sealInPlace`). `storePlain` is the upload bench's control alone (bench/media.bench.ts).
 */
export function createSealedStorage(
  driver: StorageDriver,
  options: { keys: MediaKeys; links: MediaLinks; storePlain?: boolean },
): Storage {
  const { keys } = options;

  /** The header, read with one ranged request that also says the stored size; null when there is no file. */
  async function inspect(storagePath: string) {
    const first = await driver.read(storagePath, { start: 0, end: MEDIA_CONTAINER.headerBytes - 1 });
    if (!first) return null;
    const bytes = await readAll(first.stream);
    return { storedSize: first.size, header: decodeMediaHeader(bytes) ? bytes : null };
  }

  const rawReader = (storagePath: string, storedSize: number) => async (range?: ByteSpan) => {
    const file = await driver.read(storagePath, range);
    if (!file) throw new Error(`stored file gone: ${storagePath}`);
    // Sealed by the job between our two reads: what we learnt of the file no longer holds.
    if (file.size !== storedSize) {
      file.stream.destroy();
      throw new Error(`stored file changed while read: ${storagePath}`);
    }
    return file.stream;
  };

  async function open(storagePath: string): Promise<OpenedFile | null> {
    const found = await inspect(storagePath);
    if (!found) return null;
    const { storedSize, header } = found;
    const rawRead = rawReader(storagePath, storedSize);
    if (!header) return { size: storedSize, sealed: false, read: rawRead };

    const decoded = decodeMediaHeader(header)!;
    const plainSize = plainMediaSize(storedSize, decoded.chunkBytes);
    const key = keys.keyOf(ownerOf(storagePath), decoded);
    return {
      size: plainSize,
      sealed: true,
      async read(range) {
        if (plainSize === 0) return Readable.from([]);
        const span = mediaChunkSpan(
          range ?? { start: 0, end: plainSize - 1 },
          storedSize,
          decoded.chunkBytes,
        );
        const stored = await rawRead(span.sealed);
        return piped(stored, openMedia(header, key, { plainSize, ...span }));
      },
    };
  }

  /** Stores a local file sealed, streamed: the sealed size follows from the plain one, so S3 needs no buffering. */
  async function putFile(storagePath: string, localFile: string, contentType: string) {
    const { size } = await stat(localFile);
    if (options.storePlain) return driver.write(storagePath, createReadStream(localFile), size, contentType);
    const { header, key } = keys.newFile(ownerOf(storagePath));
    const sealed = piped(createReadStream(localFile), sealMedia(header, key));
    await driver.write(
      storagePath,
      sealed,
      sealedMediaSize(size, MEDIA_CONTAINER.chunkBytes),
      SEALED_CONTENT_TYPE,
    );
  }

  /** A container's header as the browser sent it: version, key kind 1, the usual chunk size, a possible size. */
  async function assertUserContainer(localFile: string) {
    const handle = await openFile(localFile, 'r');
    const first = Buffer.alloc(MEDIA_CONTAINER.headerBytes);
    try {
      await handle.read(first, 0, first.length, 0);
    } finally {
      await handle.close();
    }
    const { size } = await stat(localFile);
    let decoded: ReturnType<typeof decodeMediaHeader>;
    try {
      decoded = decodeMediaHeader(first);
      if (decoded) plainMediaSize(size, decoded.chunkBytes);
    } catch {
      decoded = null;
    }
    if (decoded?.keyKind !== 'user' || decoded.chunkBytes !== MEDIA_CONTAINER.chunkBytes)
      throw new Error('not a media container under the user key');
    return size;
  }

  return {
    kind: driver.kind,
    putFile,
    async putSealedByUser(storagePath, localFile) {
      const size = await assertUserContainer(localFile);
      await driver.write(storagePath, createReadStream(localFile), size, SEALED_CONTENT_TYPE);
    },
    async keyKindOf(storagePath) {
      const found = await inspect(storagePath);
      if (!found) return null;
      return found.header ? decodeMediaHeader(found.header)!.keyKind : 'plain';
    },
    async openForLink(storagePath) {
      const found = await inspect(storagePath);
      if (!found) return null;
      if (found.header && decodeMediaHeader(found.header)!.keyKind === 'user') {
        // Served as stored: ranges are over the stored bytes, which only the owner's browser can open.
        return {
          size: found.storedSize,
          sealed: true,
          sealedByUser: true,
          read: rawReader(storagePath, found.storedSize),
        };
      }
      const opened = await open(storagePath);
      return opened ? { ...opened, sealedByUser: false } : null;
    },
    move: (from, to) => driver.move(from, to),
    remove: (storagePath) => driver.remove(storagePath),
    exists: (storagePath) => driver.exists(storagePath),
    list: (after) => driver.list(after),
    open,
    async size(storagePath) {
      return (await open(storagePath))?.size ?? null;
    },
    async read(storagePath, range) {
      const opened = await open(storagePath);
      return opened ? { stream: await opened.read(range), size: opened.size } : null;
    },
    signedUrl: (storagePath, signing) => options.links.sign(storagePath, signing),
    async sealInPlace(storagePath, workDir) {
      const found = await inspect(storagePath);
      if (!found) return 'missing';
      if (found.header) return 'already';
      await mkdir(workDir, { recursive: true, mode: 0o700 });
      const copy = path.join(workDir, `${randomUUID()}.plain`);
      try {
        const file = await driver.read(storagePath);
        if (!file) return 'missing';
        await pipelineAsync(file.stream, createWriteStream(copy, { mode: 0o600 }));
        // Sealed by another instance since we looked: sealing it again would hide the file under two layers.
        const handle = await openFile(copy, 'r');
        const first = Buffer.alloc(MEDIA_CONTAINER.magic.length);
        await handle.read(first, 0, first.length, 0).finally(() => handle.close());
        if (isMediaContainer(first)) return 'already';
        await putFile(storagePath, copy, SEALED_CONTENT_TYPE);
        return 'sealed';
      } finally {
        await rm(copy, { force: true });
      }
    },
  };
}
