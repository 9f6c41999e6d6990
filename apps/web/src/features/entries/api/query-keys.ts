import type { CandidatesQuery, EntryListQuery } from '@daybook/shared';
import { journalKeys } from '../../../lib/query-keys.ts';

/** Everything under the journal's root key (lib/query-keys.ts): invalidating it refreshes lists and limits. */
export const entriesKeys = {
  all: journalKeys.all,
  lists: journalKeys.lists,
  list: (userId: string, query: EntryListQuery) => [...entriesKeys.lists(), userId, query] as const,
  /** Search candidates are a list too: writing, editing or deleting an entry refreshes them. */
  searchCandidates: (userId: string, query: CandidatesQuery) =>
    [...entriesKeys.lists(), userId, 'search-candidates', query] as const,
  details: () => [...entriesKeys.all, 'detail'] as const,
  detail: (userId: string, id: string) => [...entriesKeys.details(), userId, id] as const,
  /** The calendar feature keeps its months (days with entries) under this key. */
  calendar: journalKeys.calendar,
  /** Entries written offline and waiting in this browser (ADR 041): refreshed with the journal. */
  queued: (userId: string) => [...entriesKeys.all, 'queued', userId] as const,
  dailyLimit: () => [...entriesKeys.all, 'limits', 'daily'] as const,
  deletionLimit: () => [...entriesKeys.all, 'limits', 'deletion'] as const,
};
