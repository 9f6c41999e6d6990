/**
 * Query keys that more than one feature relies on. Features may not import each other (ADR 022), so a key one
 * feature fills and another invalidates is declared here, once, and both read it from lib.
 */

/**
 * Everything under ['entries'] is the user's journal. The entries feature invalidates the root whenever an entry
 * is written, edited or deleted, so any query kept beneath it (lists, limits, the calendar's months) follows.
 */
export const journalKeys = {
  all: ['entries'] as const,
  /** The calendar feature keeps its months (days with entries) here. */
  calendar: () => [...journalKeys.all, 'calendar'] as const,
};
