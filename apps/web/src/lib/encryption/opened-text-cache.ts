import { type EntryKey, searchableText } from '@daybook/shared';
import { type EncryptedFields, type OpenedText, openEntries } from './entry-cipher.ts';

/**
 * Decrypted entry text, kept in memory for the session so that searching again (every keystroke, another
 * theme, back to a page) does not decrypt again. An edit changes `updatedAt`, so an edited entry is a new
 * key. Forgotten with the rest of the user's data at sign-out; never written to any storage.
 */
/** Decrypted text, and the same as search reads it (kept so that searching again is a plain scan, ADR 069). */
type CachedText = OpenedText & { searchText: string };

const cache = new Map<string, CachedText>();
/**
 * Decryptions under way: a search that needs an entry another caller is already decrypting (the pages warmed as
 * they arrive, ADR 069) waits for it instead of decrypting it twice.
 */
const pending = new Map<string, Promise<CachedText | undefined>>();
/** A journal of years (10,000 entries and more, ADR 069); beyond it the least recently used go first. */
const MAX_CACHED = 25_000;

type CacheableEntry = EncryptedFields & { id: string; updatedAt: string };

const cacheKey = (userId: string, entry: CacheableEntry) =>
  `${userId}\u0000${entry.id}\u0000${entry.updatedAt}`;

function remember(key: string, opened: CachedText): void {
  cache.delete(key);
  cache.set(key, opened);
  if (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

/**
 * `openEntries` through the cache: only entries not seen before (or changed since) are decrypted, in
 * batches that yield to the browser, stopping when `signal` aborts. Never throws for unreadable text.
 */
export async function openEntriesCached<T extends CacheableEntry>(
  key: EntryKey,
  userId: string,
  entries: readonly T[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<Array<T & CachedText>> {
  const found = new Map<string, CachedText>();
  const missing: T[] = [];
  const waits: Promise<void>[] = [];
  for (const entry of entries) {
    const id = cacheKey(userId, entry);
    const hit = cache.get(id);
    const inFlight = hit ? undefined : pending.get(id);
    if (hit) {
      found.set(id, hit);
      remember(id, hit);
    } else if (inFlight) {
      // A decryption stopped by its own caller's signal leaves the entry to this one.
      waits.push(inFlight.then((opened) => (opened ? void found.set(id, opened) : void missing.push(entry))));
    } else {
      missing.push(entry);
    }
  }
  await Promise.all(waits);
  if (missing.length > 0) {
    const batch = openEntries(key, missing, { signal }).then((list) => {
      const opened = new Map<string, CachedText>();
      for (const entry of list) {
        const id = cacheKey(userId, entry);
        const text = {
          text: entry.text,
          isDecryptionFailed: entry.isDecryptionFailed,
          searchText: entry.isDecryptionFailed ? '' : searchableText(entry.text),
        };
        opened.set(id, text);
        remember(id, text);
      }
      return opened;
    });
    for (const entry of missing) {
      const id = cacheKey(userId, entry);
      pending.set(
        id,
        batch.then(
          (opened) => opened.get(id),
          () => undefined,
        ),
      );
    }
    try {
      for (const [id, text] of await batch) found.set(id, text);
    } finally {
      for (const entry of missing) pending.delete(cacheKey(userId, entry));
    }
  }
  return entries.map((entry) => ({ ...entry, ...(found.get(cacheKey(userId, entry)) as CachedText) }));
}

/** Called when the user's data is cleared (sign-out, session expiry). */
export function forgetOpenedTexts(): void {
  cache.clear();
  pending.clear();
}
