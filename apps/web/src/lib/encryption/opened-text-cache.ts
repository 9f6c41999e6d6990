import type { EntryKey } from '@daybook/shared';
import { type EncryptedFields, type OpenedText, openEntries } from './entry-cipher.ts';

/**
 * Decrypted entry text, kept in memory for the session so that searching again (every keystroke, another
 * theme, back to a page) does not decrypt again. An edit changes `updatedAt`, so an edited entry is a new
 * key. Forgotten with the rest of the user's data at sign-out; never written to any storage.
 */
const cache = new Map<string, OpenedText>();
/** Several full searches' worth; beyond it the least recently used go first. */
const MAX_CACHED = 5_000;

type CacheableEntry = EncryptedFields & { id: string; updatedAt: string };

const cacheKey = (userId: string, entry: CacheableEntry) =>
  `${userId}\u0000${entry.id}\u0000${entry.updatedAt}`;

function remember(key: string, opened: OpenedText): void {
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
): Promise<Array<T & OpenedText>> {
  const found = new Map<string, OpenedText>();
  const missing: T[] = [];
  for (const entry of entries) {
    const id = cacheKey(userId, entry);
    const hit = cache.get(id);
    if (hit) {
      found.set(id, hit);
      remember(id, hit);
    } else {
      missing.push(entry);
    }
  }
  for (const entry of await openEntries(key, missing, { signal })) {
    const id = cacheKey(userId, entry);
    const opened = { text: entry.text, isDecryptionFailed: entry.isDecryptionFailed };
    found.set(id, opened);
    remember(id, opened);
  }
  return entries.map((entry) => ({ ...entry, ...(found.get(cacheKey(userId, entry)) as OpenedText) }));
}

/** Called when the user's data is cleared (sign-out, session expiry). */
export function forgetOpenedTexts(): void {
  cache.clear();
}
