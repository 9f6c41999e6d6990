import { api, type CalendarMonth } from '@daybook/shared';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { journalKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session/get-session.ts';

/** docs/product/dashboard.md#dashboard-calendar: calendar entries 2 min. */
export const CALENDAR_STALE_MS = 2 * 60_000;

/**
 * Under the journal's calendar key (lib/query-keys.ts), which the entries feature invalidates when an entry is
 * written or deleted, so that the days marked here follow.
 */
export const calendarMonthKey = (userId: string, month: string) =>
  [...journalKeys.calendar(), userId, month] as const;

/** The days of a month (yyyy-MM) with entries; deleted entries and future-self messages do not count. */
export function getCalendarMonth(month: string, signal?: AbortSignal): Promise<CalendarMonth> {
  return callApi(api.entries.calendar, { query: { month }, signal });
}

export function calendarMonthQueryOptions(userId: string, month: string) {
  return queryOptions({
    queryKey: calendarMonthKey(userId, month),
    queryFn: ({ signal }) => getCalendarMonth(month, signal),
    staleTime: CALENDAR_STALE_MS,
  });
}

/** The days with entries across the given months (the grid shows the edges of its neighbours too). */
export function useDaysWithEntries(months: readonly string[]): {
  days: ReadonlySet<string>;
  isPending: boolean;
} {
  const { user } = useSession();
  const userId = user?.id;
  return useQueries({
    queries: months.map((month) => ({
      ...calendarMonthQueryOptions(userId ?? '', month),
      enabled: Boolean(userId),
    })),
    combine: (results) => ({
      days: new Set(results.flatMap((result) => result.data?.dates ?? [])),
      isPending: results.some((result) => result.isPending),
    }),
  });
}
