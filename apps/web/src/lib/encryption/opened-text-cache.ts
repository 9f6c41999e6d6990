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
  for (const entry of await openEntries(key, missing, { signal, userId })) {
    const id = cacheKey(userId, entry);
    const opened: CachedText = {
      text: entry.text,
      isDecryptionFailed: entry.isDecryptionFailed,
      // A private entry's mood, decrypted here, stands in for the server's null (ADR 094).
      ...(entry.moodTag !== undefined && entry.encryptionVersion === 2 ? { moodTag: entry.moodTag } : {}),
      ...(entry.isLocked ? { isLocked: entry.isLocked } : {}),
    };
    found.set(id, opened);
    // A locked entry is not remembered: it opens as soon as private mode is unlocked.
    if (!opened.isLocked) remember(id, opened);
  }
  return entries.map((entry) => ({ ...entry, ...(found.get(cacheKey(userId, entry)) as CachedText) }));
}
