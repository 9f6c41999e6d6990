import { decryptBytes, type EntryKey, encryptBytes } from '@daybook/shared';
import { entryCopyRemovals, inCopyTurn, MEDIA_COPY, mediaRecordId, openDb } from './idb.ts';
import { MEDIA_COPY_LIMITS } from './media-copy-limits.ts';

/**
 * The photos, voice notes and videos a person opened in this browser, kept beside the journal's encrypted copy
 * (ADR 084) so that they can be read offline too (ADR 093). One record per file (an attachment, or its
 * thumbnail or poster): `{ id, userId, used, size, iv, data }`. `data` is the file's bytes and what the server
 * said of it (its type, its size in pixels), sealed together with the user's entry key (AES-GCM, a fresh IV), so
 * no byte of a picture or a recording, nor its type, is readable in the browser's storage. Plain: the id (the
 * entry's random id, as the entry copy's ids are, then the API path the file's link is asked at: an entry's files
 * are one key range), the owner, the sealed size and `used`, a counter that orders the records by last use (no
 * time is kept).
 *
 * Like the entry copy, this module imports only the database and its own limits: the cipher, the file's download
 * and the check of what is read back come from the caller, so that loading it lazily splits no shared code out
 * of the pages' chunks.
 */

export type SealedBytes = { ciphertext: ArrayBuffer; iv: Uint8Array<ArrayBuffer> };
export type MediaCipher = {
  seal: (bytes: Uint8Array<ArrayBuffer>) => Promise<SealedBytes>;
  /** Resolves to null when the bytes cannot be opened (another key, tampered with). */
  open: (sealed: SealedBytes) => Promise<Uint8Array<ArrayBuffer> | null>;
};

/** The bytes sealed with the user's entry key, as the entry copy seals its records (AES-GCM, a fresh IV). */
export function entryKeyMediaCipher(key: EntryKey): MediaCipher {
  return {
    seal: (bytes) => encryptBytes(key, bytes),
    open: async (sealed) => {
      try {
        return await decryptBytes(key, sealed);
      } catch {
        return null;
      }
    },
  };
}

/** At most this many sealed bytes per user; past it, the least recently used files are removed first. */
export const MEDIA_COPY_MAX_BYTES = MEDIA_COPY_LIMITS.maxBytes;
/** A single file larger than this is not kept: one video must not push out every photo. */
export const MEDIA_COPY_ITEM_MAX_BYTES = MEDIA_COPY_LIMITS.fileMaxBytes;

/** A file, as the caller names it: its entry, and the API path its link is asked at. */
export type KeptFileName = { entryId: string; path: string };

const recordId = ({ entryId, path }: KeptFileName) => mediaRecordId(entryId, path);

/** The file to keep, as the caller knows it. */
export type MediaToKeep = KeptFileName & {
  /**
   * Downloads its bytes (the browser's cache usually answers), with what is known of them (its type, what the
   * server said of it): sealed with them and handed back on reading. Null when they cannot be had or are too
   * large.
   */
  download: () => Promise<KeptMedia | null>;
};

export type KeptMedia = { meta: unknown; bytes: Uint8Array<ArrayBuffer> };

type Row = { id: string; used: number; size: number };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What this page has kept or touched, by id, for which user: each file is handled once per page load. */
const handled = new Map<string, string>();
/** The user whose records this page has written: the first write for another user removes everyone else's. */
let ownerChecked: string | null = null;
let generation = entryCopyRemovals();

/** Sign-out removed the copy (idb.ts): what this page remembers of it goes too. */
function followRemoval(): void {
  if (generation === entryCopyRemovals()) return;
  generation = entryCopyRemovals();
  forgetMediaCopyState();
}

/** A user's records in the `lru` index ([userId, used, size]): arrays sort after numbers, so [userId, []] ends it. */
const ofUser = (userId: string) => IDBKeyRange.bound([userId], [userId, []]);

/** The meta's length (4 bytes), the meta as JSON, then the file: one sealing, one record. */
function pack(meta: unknown, bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(JSON.stringify(meta ?? null));
  const packed = new Uint8Array(4 + head.length + bytes.length);
  new DataView(packed.buffer).setUint32(0, head.length);
  packed.set(head, 4);
  packed.set(bytes, 4 + head.length);
  return packed;
}

function unpack(packed: Uint8Array<ArrayBuffer>): KeptMedia | null {
  if (packed.length < 4) return null;
  const length = new DataView(packed.buffer, packed.byteOffset).getUint32(0);
  if (4 + length > packed.length) return null;
  try {
    const meta: unknown = JSON.parse(decoder.decode(packed.subarray(4, 4 + length)));
    return { meta, bytes: packed.slice(4 + length) };
  } catch {
    return null;
  }
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/** Reads a user's rows (keys only, no bytes) oldest-used first, then calls `then` in the same transaction. */
function withRows(store: IDBObjectStore, userId: string, then: (rows: Row[]) => void): void {
  const rows: Row[] = [];
  const cursor = store.index('lru').openKeyCursor(ofUser(userId));
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (at) {
      const [, used, size] = at.key as [string, number, number];
      rows.push({ id: String(at.primaryKey), used, size });
      at.continue();
      return;
    }
    then(rows);
  };
}

const lastUsed = (rows: readonly Row[]) => rows.reduce((max, row) => Math.max(max, row.used), 0);

/**
 * Another person signed in on this browser: their kept media, which this person's key cannot open anyway, go,
 * as their entries do from the entry copy (ADR 084).
 */
async function removeOtherUsers(userId: string): Promise<void> {
  const db = await openDb();
  const transaction = db.transaction(MEDIA_COPY, 'readwrite');
  const store = transaction.objectStore(MEDIA_COPY);
  const cursor = store.index('lru').openKeyCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at) return;
    if ((at.key as unknown[])[0] !== userId) store.delete(at.primaryKey);
    at.continue();
  };
  await transactionDone(transaction);
}

/**
 * Marks a kept file as just used (the last to be evicted) and hands back its record, or undefined when this user
 * has none under that id. One transaction: the record is read and written again with the next `used`.
 */
async function touch(userId: string, id: string): Promise<Record<string, unknown> | undefined> {
  const db = await openDb();
  const transaction = db.transaction(MEDIA_COPY, 'readwrite');
  const store = transaction.objectStore(MEDIA_COPY);
  let found: Record<string, unknown> | undefined;
  const get = store.get(id);
  get.onsuccess = () => {
    const record = get.result as Record<string, unknown> | undefined;
    if (!record || record.userId !== userId) return;
    found = record;
    withRows(store, userId, (rows) => {
      const used = lastUsed(rows);
      if (record.used !== used) store.put({ ...record, used: used + 1 });
    });
  };
  await transactionDone(transaction);
  return found;
}

/**
 * Keeps a file the person opened, sealed, evicting the least recently used of theirs past the bound. A file this
 * user already has kept is only marked as used: an attachment never changes (docs/product/media.md#media-checks).
 * Each file is handled once per page load. The download and the sealing run before the copy's turn, so a sign-out
 * never waits for a video; a sign-out (or another user signing in) while they ran means nothing is written.
 */
export async function keepMedia(
  cipher: MediaCipher,
  userId: string,
  file: MediaToKeep,
  { isSignedIn = () => true }: { isSignedIn?: () => boolean } = {},
): Promise<void> {
  followRemoval();
  const id = recordId(file);
  if (!isSignedIn() || handled.get(id) === userId) return;
  handled.set(id, userId);
  const startedAt = entryCopyRemovals();
  if (await inCopyTurn(() => touch(userId, id))) return;
  const downloaded = await file.download();
  if (!downloaded || downloaded.bytes.length > MEDIA_COPY_ITEM_MAX_BYTES) return;
  const sealed = await cipher.seal(pack(downloaded.meta, downloaded.bytes));
  await inCopyTurn(async () => {
    if (entryCopyRemovals() !== startedAt || !isSignedIn()) return;
    if (ownerChecked !== userId) {
      await removeOtherUsers(userId);
      ownerChecked = userId;
    }
    const size = sealed.ciphertext.byteLength;
    const db = await openDb();
    const transaction = db.transaction(MEDIA_COPY, 'readwrite');
    const store = transaction.objectStore(MEDIA_COPY);
    withRows(store, userId, (rows) => {
      const others = rows.filter((row) => row.id !== id);
      let total = others.reduce((sum, row) => sum + row.size, 0);
      // Oldest-used first (the index's order): removed until the new file fits.
      for (const row of others) {
        if (total + size <= MEDIA_COPY_MAX_BYTES) break;
        store.delete(row.id);
        total -= row.size;
      }
      store.put({
        id,
        userId,
        used: lastUsed(rows) + 1,
        size,
        iv: sealed.iv,
        data: sealed.ciphertext,
      });
    });
    await transactionDone(transaction);
  });
}

/**
 * A kept file opened for this user, marked as used: its meta (for the caller to check) and its bytes; null when
 * none is kept under that id for them, or it cannot be opened with their key.
 */
export async function readKeptMedia(
  cipher: MediaCipher,
  userId: string,
  file: KeptFileName,
): Promise<KeptMedia | null> {
  followRemoval();
  const record = await inCopyTurn(() => touch(userId, recordId(file)));
  if (!record) return null;
  const { iv, data } = record;
  // Checked by their tags, not `instanceof`: a record read back may come from another realm (a worker, a test's).
  const isBuffer = (value: unknown): value is ArrayBuffer =>
    Object.prototype.toString.call(value) === '[object ArrayBuffer]';
  if (!ArrayBuffer.isView(iv) || !isBuffer(data)) return null;
  const opened = await cipher.open({
    iv: new Uint8Array(iv.buffer, iv.byteOffset, iv.byteLength).slice(),
    ciphertext: data,
  });
  return opened ? unpack(opened) : null;
}

/** How many sealed bytes this user's kept media take (the bound's measure). */
export async function keptMediaBytes(userId: string): Promise<number> {
  const db = await openDb();
  const transaction = db.transaction(MEDIA_COPY);
  let total = 0;
  withRows(transaction.objectStore(MEDIA_COPY), userId, (rows) => {
    total = rows.reduce((sum, row) => sum + row.size, 0);
  });
  await transactionDone(transaction);
  return total;
}

/** Forgets what this page knows of the kept media (tests start each case afresh; sign-out). */
export function forgetMediaCopyState(): void {
  handled.clear();
  ownerChecked = null;
}
