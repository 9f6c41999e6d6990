import {
  type Entry,
  type EntryCriteria,
  type EntryKey,
  matchesCriteria,
  searchableText,
} from '@daybook/shared';
import { openEntriesCached } from '../../lib/encryption/opened-text-cache.ts';
import { keepSearchText } from '../../lib/encryption/opened-texts.ts';
import type { DecryptedEntry } from './api/get-entries.ts';

/** User Timing names: a benchmark reads the `daybook:search` measure (decrypting and filtering, in ms). */
export const SEARCH_START_MARK = 'daybook:search:start';
export const SEARCH_MEASURE = 'daybook:search';

const canTime = () => typeof performance?.mark === 'function' && typeof performance.measure === 'function';

/**
 * Decrypts the candidates (through the session's cache, in small batches that yield to the browser) and keeps
 * those matching the search and theme, newest first as they came. Rejects with the signal's reason, without
 * recording a measure, once a newer search has replaced it.
 */
export async function searchEntries(
  key: EntryKey,
  userId: string,
  candidates: readonly Entry[],
  criteria: EntryCriteria,
  signal?: AbortSignal,
): Promise<DecryptedEntry[]> {
  if (canTime()) performance.mark(SEARCH_START_MARK);
  const opened = await openEntriesCached(key, userId, candidates, { signal });
  signal?.throwIfAborted();
  // The text as search reads it, once per version of an entry: later searches only scan (ADR 069).
  for (const entry of opened) {
    if (entry.searchText !== undefined || entry.isDecryptionFailed) continue;
    entry.searchText = searchableText(entry.text);
    keepSearchText(userId, entry, entry.searchText);
  }
  const matches = opened.filter((entry) => matchesCriteria(entry, criteria));
  if (canTime()) performance.measure(SEARCH_MEASURE, SEARCH_START_MARK);
  return matches;
}
