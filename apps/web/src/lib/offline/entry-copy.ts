import { ENTRY_COPY, entryCopyRemovals, inCopyTurn, openDb, removeMediaOfEntries, withStore } from './idb.ts';

/**
 * The encrypted copy of the journal kept in this browser for reading offline (ADR 084): every entry the browser
 * has fetched, as the server sent it (its text still ciphertext), the whole record sealed once more with the
 * user's entry key so that its plain fields (mood, dates, zone, media path) are not readable either. One record
 * per entry: `{ id, userId, encryptedContent, encryptionIv }`. The id is the entry's random id and says nothing
 * about it; the user id says whose copy it is.
 *
 * Like the drafts, this module imports nothing but the database: the sealing and the record's check come from
 * the caller, so that loading it lazily splits no shared code out of the pages' chunks.
 */

/** Sealed text as the entry cipher makes it (AES-GCM, the entry's own format). */
type Sealed = { encryptedContent: string; encryptionIv: string };
export type CopyCipher = {
  seal: (text: string) => Promise<Sealed>;
  /** Resolves to null when the text cannot be read (another key, tampered with). */
  open: (sealed: Sealed) => Promise<string | null>;
};
/** What the copy keeps of an entry: its id and its creation instant are all this module reads. */
export type CopiedEntry = { id: string; createdAt: string; updatedAt: string; entryDate: string };
/** The caller's check of a record read back (the shared Entry schema); null when it is not an entry. */
export type ParseEntry<T extends CopiedEntry> = (value: unknown) => T | null;

/**
 * At most this many entries per user. 25,000 is the session's opened-text cache (ADR 069): about 25 MB of
 * ciphertext at the typical 1 KB an entry. Past it, entries already kept are still updated and new ones are not
 * added (deciding which to drop would mean opening them all).
 */
export const ENTRY_COPY_MAX = 25_000;
/** Entries sealed and written per transaction (and opened at a time): a long list takes several turns. */
const WRITE_BATCH = 250;

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * What this page has written or read, per entry id: its `updatedAt`, so that an unchanged entry fetched again is
 * not sealed and written again. Forgotten when the page is closed; the copy itself stays until sign-out.
 */
const known = new Map<string, string>();
/** The user whose copy this page has written to: the first write for another user removes everyone else's. */
let ownerChecked: string | null = null;
/** The copy as last opened, per user, until the next write or removal. */
let opened: { userId: string; entries: CopiedEntry[] } | null = null;
let generation = entryCopyRemovals();

/** Sign-out removed the copy (idb.ts): what this page remembers of it, decrypted dates included, goes too. */
function followRemoval(): void {
  if (generation === entryCopyRemovals()) return;
  generation = entryCopyRemovals();
  forgetEntryCopyState();
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The ids of this user's kept entries (index keys only: nothing is opened). */
async function keptIds(userId: string): Promise<Set<string>> {
  const ids = await withStore(ENTRY_COPY, 'readonly', (store) => store.index('userId').getAllKeys(userId));
  return new Set((ids ?? []).map(String));
}

/**
 * Another person signed in on this browser (the last one did not sign out: a closed tab, a session ended on the
 * server): their copy, which this person's key cannot open anyway, is removed rather than kept beside this one.
 */
async function removeOtherUsers(userId: string): Promise<void> {
  const db = await openDb();
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction(ENTRY_COPY, 'readwrite');
    const store = transaction.objectStore(ENTRY_COPY);
    const cursor = store.index('userId').openKeyCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      if (at.key !== userId) store.delete(at.primaryKey);
      at.continue();
    };
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/**
 * Keeps these entries (as the server answered them) in the user's copy, sealed. Unchanged entries this page
 * already kept are skipped. With `isWholeJournal` (every entry the user has, as an All Time search fetches
 * them), entries of the copy missing from the list were deleted elsewhere and are removed.
 */
export function keepEntries(
  cipher: CopyCipher,
  userId: string,
  entries: readonly CopiedEntry[],
  {
    isWholeJournal = false,
    isSignedIn = () => true,
  }: {
    isWholeJournal?: boolean;
    /**
     * Whether this user is still the one signed in: an answer that arrives after sign-out (whose removal of the
     * copy may already have run) is not written.
     */
    isSignedIn?: () => boolean;
  } = {},
): Promise<void> {
  return inCopyTurn(async () => {
    followRemoval();
    if (!isSignedIn()) return;
    if (ownerChecked !== userId) {
      await removeOtherUsers(userId);
      known.clear();
      ownerChecked = userId;
    }
    const changed = entries.filter((entry) => known.get(entry.id) !== entry.updatedAt);
    const gone: string[] = [];
    const ids = changed.length > 0 || isWholeJournal ? await keptIds(userId) : new Set<string>();
    if (isWholeJournal) {
      const current = new Set(entries.map((entry) => entry.id));
      for (const id of ids) if (!current.has(id)) gone.push(id);
    }
    if (changed.length === 0 && gone.length === 0) return;
    opened = null;
    for (const id of gone) {
      ids.delete(id);
      known.delete(id);
    }
    if (gone.length > 0) {
      await withStore(ENTRY_COPY, 'readwrite', (store) => {
        for (const id of gone) store.delete(id);
        return undefined;
      });
      // Their photos and recordings kept for reading offline go with them (ADR 093).
      await removeMediaOfEntries(gone);
    }
    for (let start = 0; start < changed.length; start += WRITE_BATCH) {
      const batch = changed
        .slice(start, start + WRITE_BATCH)
        .filter((entry) => ids.has(entry.id) || ids.size < ENTRY_COPY_MAX);
      const records = await Promise.all(
        batch.map(async (entry) => {
          ids.add(entry.id);
          return { id: entry.id, userId, ...(await cipher.seal(JSON.stringify(entry))) };
        }),
      );
      if (records.length === 0) continue;
      if (!isSignedIn()) return;
      await withStore(ENTRY_COPY, 'readwrite', (store) => {
        for (const record of records) store.put(record);
        return undefined;
      });
      for (const entry of batch) known.set(entry.id, entry.updatedAt);
    }
  });
}

/** An entry deleted here leaves the copy with it, and so do its kept media (ADR 093). */
export function removeCopiedEntry(id: string): Promise<void> {
  return inCopyTurn(async () => {
    followRemoval();
    opened = null;
    known.delete(id);
    await withStore(ENTRY_COPY, 'readwrite', (store) => store.delete(id));
    await removeMediaOfEntries([id]);
  });
}

/** Every entry of the user's copy that can be opened, newest first (by creation, as the server lists them). */
export async function readEntryCopy<T extends CopiedEntry>(
  cipher: CopyCipher,
  parse: ParseEntry<T>,
  userId: string,
): Promise<T[]> {
  followRemoval();
  if (opened?.userId === userId) return opened.entries as T[];
  const db = await openDb();
  const records = await request(
    db.transaction(ENTRY_COPY).objectStore(ENTRY_COPY).index('userId').getAll(userId),
  );
  const openOne = async (record: Record<string, unknown>): Promise<T | null> => {
    const { encryptedContent, encryptionIv } = record;
    if (!isString(encryptedContent) || !isString(encryptionIv)) return null;
    const plain = await cipher.open({ encryptedContent, encryptionIv });
    if (plain === null) return null;
    try {
      const entry = parse(JSON.parse(plain));
      // A record moved under another id is not this entry.
      return entry && entry.id === record.id ? entry : null;
    } catch {
      return null;
    }
  };
  const entries: T[] = [];
  const all = records as Array<Record<string, unknown>>;
  // Opened a batch at a time, side by side: WebCrypto works off the main thread, and the page keeps its turns.
  for (let start = 0; start < all.length; start += WRITE_BATCH) {
    const batch = await Promise.all(all.slice(start, start + WRITE_BATCH).map(openOne));
    for (const entry of batch) if (entry) entries.push(entry);
  }
  entries.sort(newestFirst);
  opened = { userId, entries };
  return entries;
}

function newestFirst(a: CopiedEntry, b: CopiedEntry): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  return byTime !== 0 ? byTime : b.id.localeCompare(a.id);
}

/** The day or period the list and search ask for, as the server reads it (entries/repository.ts). */
export type CopyRange = { date?: string | undefined; from?: string | undefined; to?: string | undefined };

export function inRange<T extends CopiedEntry>(entries: readonly T[], range: CopyRange): T[] {
  const from = range.from ? Date.parse(range.from) : Number.NEGATIVE_INFINITY;
  const to = range.to ? Date.parse(range.to) : Number.POSITIVE_INFINITY;
  return entries.filter((entry) => {
    if (range.date && entry.entryDate !== range.date) return false;
    const at = Date.parse(entry.createdAt);
    return at >= from && at < to;
  });
}

/** Forgets what this page knows of the copy (tests start each case afresh). */
export function forgetEntryCopyState(): void {
  known.clear();
  ownerChecked = null;
  opened = null;
}
