import type { EncryptedFields, OpenedText } from './entry-cipher.ts';

/*
 * Decrypted entry text, kept in memory for the session so that searching again (every keystroke, another
 * theme, back to a page) does not decrypt again. An edit changes `updatedAt`, so an edited entry is a new
 * key. Forgotten with the rest of the user's data at sign-out; never written to any storage. The store alone, so
 * that the session (every page) can forget it without loading how entries are decrypted (opened-text-cache.ts).
 */

/**
 * Decrypted text, and once a search has read it, the same as search reads it (kept so that searching again is a
 * plain scan, ADR 069).
 */
export type CachedText = OpenedText & { searchText?: string };

export const cache = new Map<string, CachedText>();
/** A journal of years (10,000 entries and more, ADR 069); beyond it the least recently used go first. */
const MAX_CACHED = 25_000;

export type CacheableEntry = EncryptedFields & { id: string; updatedAt: string };

export const cacheKey = (userId: string, entry: CacheableEntry) =>
  `${userId}\u0000${entry.id}\u0000${entry.updatedAt}`;

export function remember(key: string, opened: CachedText): void {
  cache.delete(key);
  cache.set(key, opened);
  if (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

/** Keeps the text as search reads it beside the decrypted text of this version of the entry, while it is cached. */
export function keepSearchText(userId: string, entry: CacheableEntry, searchText: string): void {
  const cached = cache.get(cacheKey(userId, entry));
  if (cached) cached.searchText = searchText;
}

/** Called when the user's data is cleared (sign-out, session expiry). */
export function forgetOpenedTexts(): void {
  cache.clear();
}
