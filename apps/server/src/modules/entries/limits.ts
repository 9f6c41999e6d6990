/*
 * The daily limits on entries (ADR 016, ADR 066): how many a day may write in the writer's zone, and how many
 * deletions a day may spend. Apart because the writing and the deleting parts both take from them, and the
 * routes answer with them on their own.
 */
import {
  addDays,
  type DailyEntryLimit,
  type DeletionLimit,
  ENTRY_LIMITS,
  localDate,
  type SessionUser,
  startOfDayInZone,
} from '@daybook/shared';
import type { EntriesContext } from './context.ts';

export const ENTRY_USAGE = 'entries';
export const DELETION_USAGE = 'entry_deletions';

/** Today's local date in a zone and the instants it spans there. */
export function localDay(timeZone: string, now: Date) {
  const day = localDate(now, timeZone);
  return {
    day,
    window: {
      start: startOfDayInZone(day, timeZone),
      end: startOfDayInZone(addDays(day, 1), timeZone),
    },
  };
}

export function createEntryLimits(ctx: EntriesContext) {
  const { repository, plans, clock } = ctx;
  const today = (user: SessionUser) => localDate(clock.now(), user.timezone);

  /**
   * Entries that count against today in a zone: those stored under today's local date (the `entries` usage
   * counter, which deletions never lower), and those written inside today's window there under another zone's
   * date. The first keeps a day spent when a zone change shifts its window; the second keeps a zone change onto
   * another date from opening a fresh day (ADR 016). A new entry is counted in the zone it is written in, which
   * is the zone of its date (ADR 066); asked without one, the account's zone.
   */
  async function entriesToday(userId: string, timeZone: string): Promise<number> {
    const { day, window } = localDay(timeZone, clock.now());
    return repository.usedToday(userId, ENTRY_USAGE, day, window);
  }

  async function dailyLimit(user: SessionUser, timeZone = user.timezone): Promise<DailyEntryLimit> {
    // One after the other: a request holds one pooled connection at a time, so concurrent saves do not
    // queue for the pool behind each other's fan-out.
    const limit = await plans.dailyEntryLimit(user.id);
    const used = await entriesToday(user.id, timeZone);
    return { allowed: used < limit, limit, used };
  }

  async function deletionLimit(user: SessionUser): Promise<DeletionLimit> {
    const limit = ENTRY_LIMITS.dailyDeletionLimit;
    const used = await repository.usage(user.id, DELETION_USAGE, today(user));
    return { allowed: used < limit, remaining: Math.max(0, limit - used), limit };
  }

  return { dailyLimit, deletionLimit };
}

export type EntryLimits = ReturnType<typeof createEntryLimits>;
