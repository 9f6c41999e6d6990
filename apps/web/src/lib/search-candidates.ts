import { api, type CandidatesQuery, type Entry, type SearchCandidates } from '@daybook/shared';
import { callApi } from './api-client.ts';

/**
 * Every entry of a day or a period, newest first, still encrypted, read a page at a time: search and themes
 * decrypt and filter them in the browser (the server keeps no plain text or index of entries to search).
 * `onPage` receives each page but the last as it arrives, so decrypting can start before the last page is in
 * (ADR 069).
 */
export async function getSearchCandidates(
  query: Omit<CandidatesQuery, 'after'>,
  signal?: AbortSignal,
  onPage?: (entries: readonly Entry[]) => void,
): Promise<{ entries: Entry[] }> {
  const entries: Entry[] = [];
  let after: string | null = null;
  do {
    const page: SearchCandidates = await callApi(api.entries.searchCandidates, {
      query: { ...query, after: after ?? undefined },
      signal,
    });
    entries.push(...page.entries);
    after = page.next;
    // The last page is left to the search that follows, which would otherwise find it half decrypted.
    if (after) onPage?.(page.entries);
  } while (after);
  return { entries };
}
