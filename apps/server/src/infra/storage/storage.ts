import type { Readable } from 'node:stream';

/**
 * Where media files live, as every caller sees them: plaintext in, plaintext out. Underneath, every file is kept
 * sealed (ADR 081, `sealed.ts`) by a driver that only moves bytes: a local folder by default, any S3-compatible
 * store at scale. Paths use `/`; sizes and byte ranges are the plaintext's.
 */
export type Storage = {
  kind: 'local' | 's3';
  /** Stores a file that is on local disk (uploads are streamed to a temporary file first), sealed. */
  putFile(path: string, localFile: string, contentType: string): Promise<void>;
  move(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** The file's plaintext size in bytes, or null when there is no such file. */
  size(path: string): Promise<number | null>;
  /**
   * The whole file, or the inclusive byte `range` of its plaintext, as a stream with the file's plaintext size, or
   * null when there is no such file. The caller must consume or destroy the stream (an S3 body holds a socket until
   * then).
   */
  read(path: string, range?: ByteSpan): Promise<LocalReadable | null>;
  /** The file's plaintext size and a reader of it or of one range, for several reads of one file; null when gone. */
  open(path: string): Promise<OpenedFile | null>;
  /** Every stored file with its last write (a move counts as one), in pages in path order, from after `after`. */
  list(after?: string): AsyncIterable<StoredFile[]>;
  /**
   * A URL the browser can fetch for `expiresInSeconds` without other credentials (`links.ts`). Given `signedAt`,
   * the link counts from that instant instead of now: links signed with the same instant are the same URL, which
   * the browser's cache then serves (thumbnails, ADR 044).
   */
  signedUrl(
    path: string,
    options: { expiresInSeconds: number; contentType: string; signedAt?: Date },
  ): Promise<string>;
  /**
   * Stores a container the browser sealed under the user's own key (private mode, ADR 096) byte for byte, through
   * the driver: the server holds no key to seal or open it. Refuses anything whose header is not key kind 1.
   */
  putSealedByUser(path: string, localFile: string): Promise<void>;
  /** Whose key a stored file is under: the server's, the user's own (private mode), none (stored before ADR 081). */
  keyKindOf(path: string): Promise<StoredKeyKind | null>;
  /**
   * For a signed link: a file under the server's key (or plain) opened as `open` does, one under the user's own key
   * as its stored bytes, which the browser opens (`sealedByUser`).
   */
  openForLink(path: string): Promise<(OpenedFile & { sealedByUser: boolean }) | null>;
  /**
   * Seals a file stored plain before ADR 081, through a copy in `workDir`; a file already sealed or gone is left
   * alone. A crash at any point leaves either the plain file or the sealed one, both readable.
   */
  sealInPlace(path: string, workDir: string): Promise<'sealed' | 'already' | 'missing'>;
};

/** What a driver does: move bytes, sealed or not, without knowing what they are. */
export type StorageDriver = {
  kind: 'local' | 's3';
  /** Writes `length` bytes from `body` at `path`; a reader sees the old file or the new one, never a part. */
  write(path: string, body: Readable, length: number, contentType: string): Promise<void>;
  move(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** The stored bytes, all of them or an inclusive range, with the stored size; null when there is no such file. */
  read(path: string, range?: ByteSpan): Promise<LocalReadable | null>;
  list(after?: string): AsyncIterable<StoredFile[]>;
};

export type OpenedFile = {
  size: number;
  /** Whether the file is sealed (ADR 081) or a plain one stored before. */
  sealed: boolean;
  read(range?: ByteSpan): Promise<Readable>;
};

export type StoredKeyKind = 'server' | 'user' | 'plain';

export type StoredFile = { path: string; modifiedAt: Date };

export type LocalReadable = { stream: Readable; size: number };

/** Inclusive byte offsets within a file. */
export type ByteSpan = { start: number; end: number };

/**
 * `{userId}/drafts/{id}.{ext}` (media not yet saved with an entry), `{userId}/{day}/{id}.{ext}` (an entry's media),
 * `{userId}/imports/{importId}.zip` (an uploaded archive while a job checks it, ADR 077) and
 * `{userId}/shares/{shareId}.bin` (a sealed share's media, sealed in the sender's browser, ADR 103). Each is swept an hour
 * after its last write when nothing refers to it (sweepOrphans).
 */
const STORAGE_PATH =
  /^[0-9a-f-]{36}\/(drafts|imports|shares|\d{4}-\d{2}-\d{2})\/[0-9a-f-]{36}\.[a-z0-9]{2,5}(\.thumb\.webp)?$/;

export const isStoragePath = (path: string) => STORAGE_PATH.test(path);

/** Where an uploaded archive waits for its check (ADR 077). */
export const importArchivePath = (userId: string, importId: string) => `${userId}/imports/${importId}.zip`;

/** Where a sealed share's media copy is kept (ADR 103), under its sender. */
export const shareCopyPath = (senderId: string, shareId: string) => `${senderId}/shares/${shareId}.bin`;

const THUMBNAIL_SUFFIX = '.thumb.webp';
/** Stored originals that have a thumbnail beside them: the image formats uploads are kept in. */
const WITH_THUMBNAIL = /\.(jpg|png|webp|gif)$/;

/**
 * An image's thumbnail lives beside it, named after it (`{id}.jpg` → `{id}.jpg.thumb.webp`, ADR 044): it moves,
 * is removed and is swept with its original by path alone, and its original can be named from it.
 */
export const thumbnailPathOf = (original: string) => `${original}${THUMBNAIL_SUFFIX}`;

/** The original a thumbnail belongs to, or the path itself when it is not a thumbnail. */
export const originalPathOf = (path: string) =>
  path.endsWith(THUMBNAIL_SUFFIX) ? path.slice(0, -THUMBNAIL_SUFFIX.length) : path;

/** The stored file and, for an image, its thumbnail: what goes when the file goes. */
export const filesOf = (original: string) =>
  WITH_THUMBNAIL.test(original) ? [original, thumbnailPathOf(original)] : [original];

/** Storage paths are built by us from ids and dates; this refuses anything else before it reaches a driver. */
export function assertSafeStoragePath(path: string): string {
  if (!isStoragePath(path)) {
    throw new Error(`unsafe storage path: ${path}`);
  }
  return path;
}
