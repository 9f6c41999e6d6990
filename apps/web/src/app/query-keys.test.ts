import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { calendarMonthKey } from '../features/calendar/api/get-calendar-month.ts';
import { entriesKeys } from '../features/entries/api/query-keys.ts';

/**
 * The calendar and the entries feature never import each other; both build on lib/query-keys.ts. This checks,
 * where both may be seen (app/), that what the entries feature invalidates after a write reaches the calendar.
 */
describe('the journal query keys shared through lib', () => {
  it.each([
    ['the calendar key (after a delete)', entriesKeys.calendar()],
    ['the journal root (after a write)', entriesKeys.all],
  ])('invalidating %s marks the calendar months stale', async (_, key) => {
    const client = new QueryClient();
    const month = calendarMonthKey('user-1', '2026-11');
    client.setQueryData(month, { days: [] });
    expect(client.getQueryState(month)?.isInvalidated).toBe(false);
    await client.invalidateQueries({ queryKey: key });
    expect(client.getQueryState(month)?.isInvalidated).toBe(true);
  });

  it('leaves the calendar alone when only an entry list is refreshed', async () => {
    const client = new QueryClient();
    const month = calendarMonthKey('user-1', '2026-11');
    client.setQueryData(month, { days: [] });
    await client.invalidateQueries({ queryKey: entriesKeys.lists() });
    expect(client.getQueryState(month)?.isInvalidated).toBe(false);
  });
});
