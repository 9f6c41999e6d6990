import type { CandidatesQuery, EntryListQuery } from '@daybook/shared';

/** Everything under ['entries'] is the user's journal: invalidating the root refreshes lists and limits. */
export const entriesKeys = {
  all: ['entries'] as const,
  lists: () => [...entriesKeys.all, 'list'] as const,
  list: (userId: string, query: EntryListQuery) => [...entriesKeys.lists(), userId, query] as const,
  /** Search candidates are a list too: writing, editing or deleting an entry refreshes them. */
  searchCandidates: (userId: string, query: CandidatesQuery) =>
    [...entriesKeys.lists(), userId, 'search-candidates', query] as const,
  details: () => [...entriesKeys.all, 'detail'] as const,
  detail: (userId: string, id: string) => [...entriesKeys.details(), userId, id] as const,
  /** The calendar feature keeps its months (days with entries) under this key. */
  calendar: () => [...entriesKeys.all, 'calendar'] as const,
  dailyLimit: () => [...entriesKeys.all, 'limits', 'daily'] as const,
  deletionLimit: () => [...entriesKeys.all, 'limits', 'deletion'] as const,
};
