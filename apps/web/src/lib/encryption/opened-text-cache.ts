import type { EntryKey } from '@daybook/shared';
import { openEntries } from './entry-cipher.ts';
import { type CacheableEntry, type CachedText, cache, cacheKey, remember } from './opened-texts.ts';

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
  return entries.map((entry) => ({ ...entry, ...(found.get(cacheKey(userId, entry)) as CachedText) }));
}
