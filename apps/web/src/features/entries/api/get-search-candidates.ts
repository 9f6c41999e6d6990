import { type CandidatesQuery, SearchCandidates } from '@daybook/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entriesKeys } from './query-keys.ts';

/**
 * Up to 500 newest entries of a day or a period, still encrypted: search and themes decrypt and filter them
 * in the browser (the server keeps no plain text or index of entries to search).
 */
export function getSearchCandidates(query: CandidatesQuery, signal?: AbortSignal): Promise<SearchCandidates> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return apiRequest(`/api/entries/search-candidates${search ? `?${search}` : ''}`, {
    schema: SearchCandidates,
    signal,
  });
}

export function searchCandidatesQueryOptions(userId: string, query: CandidatesQuery) {
  return queryOptions({
    queryKey: entriesKeys.searchCandidates(userId, query),
    queryFn: ({ signal }) => getSearchCandidates(query, signal),
  });
}
