/**
 * The browser's IndexedDB, as the little this app needs (ADR 040/041/084/093): one database, four stores, each call one
 * transaction. Loaded lazily with the drafts and the offline queue, so no page pays for it up front; it imports
 * nothing, so that sign-out can load it without pulling shared code out of the initial chunk.
 * The service worker's public/sw-sync.js opens the same database: keep the names in step with it.
 */
export const DB_NAME = 'daybook';
export const DB_VERSION = 3;
/** Encrypted drafts of the quick entry card, one per user (keyPath userId). */
export const DRAFTS = 'drafts';
/** Entries written offline, encrypted, waiting to be sent (keyPath id, the idempotency key; index userId). */
export const QUEUE = 'entry-queue';
/**
 * The encrypted copy of the entries this browser has fetched, for reading offline (ADR 084): keyPath id (the
 * entry's id), index userId; every other field of the entry is sealed with the user's entry key.
 */
export const ENTRY_COPY = 'entry-copy';
/**
 * The attachments opened in this browser, kept beside the entry copy for reading offline (ADR 093): keyPath id
 * (the entry's id, a space, the API path the file's link is asked at, so that an entry's files are one key
 * range), the bytes and what they are sealed with the same key. Index `lru` ([userId, used, size]) lists a
 * user's records oldest-used first without reading their bytes.
 */
export const MEDIA_COPY = 'media-copy';

let opening: Promise<IDBDatabase> | null = null;

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

export function openDb(): Promise<IDBDatabase> {
  if (opening) return opening;
  const request = indexedDB.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(DRAFTS)) db.createObjectStore(DRAFTS, { keyPath: 'userId' });
    if (!db.objectStoreNames.contains(QUEUE)) {
      db.createObjectStore(QUEUE, { keyPath: 'id' }).createIndex('userId', 'userId');
    }
    if (!db.objectStoreNames.contains(ENTRY_COPY)) {
      db.createObjectStore(ENTRY_COPY, { keyPath: 'id' }).createIndex('userId', 'userId');
    }
    if (!db.objectStoreNames.contains(MEDIA_COPY)) {
      db.createObjectStore(MEDIA_COPY, { keyPath: 'id' }).createIndex('lru', ['userId', 'used', 'size']);
    }
  };
  opening = done(request).then((db) => {
    // Another tab deleting or upgrading the database: let go so that it can, and open afresh next time.
    db.onversionchange = () => {
      db.close();
      opening = null;
    };
    return db;
  });
  opening.catch(() => {
    opening = null;
  });
  return opening;
}

/** Runs `work` on one store in one transaction and resolves once the transaction has committed. */
export async function withStore<T>(
  name: string,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await openDb();
  return new Promise<T | undefined>((resolve, reject) => {
    const transaction = db.transaction(name, mode);
    const request = work(transaction.objectStore(name));
    let result: T | undefined;
    if (request) request.onsuccess = () => (result = request.result);
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/** Forgets the open connection (tests delete the database between cases). */
export function closeDb(): void {
  void opening?.then((db) => db.close());
  opening = null;
}

/**
 * Draft writes and removals run in the order they were asked for: the card writes its draft as it unmounts,
 * and the sign-out that unmounted it must remove that draft after, not before, the write lands.
 */
let draftTurn: Promise<unknown> = Promise.resolve();
export function inDraftTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = draftTurn.then(work, work);
  draftTurn = next.catch(() => undefined);
  return next;
}

/**
 * Sign-out: the copy of the journal goes, every user's (ADR 084), and the media kept with it (ADR 093). Here
 * rather than with the copy's code, so that sign-out loads only this module.
 */
export function removeEntryCopies(): Promise<void> {
  removals += 1;
  return inCopyTurn(async () => {
    for (const name of [ENTRY_COPY, MEDIA_COPY]) await withStore(name, 'readwrite', (store) => store.clear());
  });
}

/** A kept file's id (ADR 093): its entry's id first, so that an entry's files are one key range. */
export const mediaRecordId = (entryId: string, path: string) => `${entryId} ${path}`;

/**
 * The files kept of these entries go with them (ADR 093): an entry deleted here, or found deleted elsewhere.
 * Called by entry-copy.ts inside the copy's turn.
 */
export function removeMediaOfEntries(entryIds: readonly string[]): Promise<unknown> {
  return withStore(MEDIA_COPY, 'readwrite', (store) => {
    for (const id of entryIds)
      store.delete(IDBKeyRange.bound(mediaRecordId(id, ''), mediaRecordId(id, '\uffff')));
    return undefined;
  });
}

/** Counts the copy's removals: what a page remembers of the copy (entry-copy.ts) is forgotten with it. */
let removals = 0;
export const entryCopyRemovals = () => removals;

/** Writes to the copy and its removal at sign-out run in order, as drafts do: a write under way lands first. */
let copyTurn: Promise<unknown> = Promise.resolve();
export function inCopyTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = copyTurn.then(work, work);
  copyTurn = next.catch(() => undefined);
  return next;
}

/** Sign-out: every draft in this browser goes, whoever wrote it (a shared computer keeps none; ADR 040). */
export function removeAllDrafts(): Promise<void> {
  return inDraftTurn(async () => {
    await withStore(DRAFTS, 'readwrite', (store) => store.clear());
  });
}
