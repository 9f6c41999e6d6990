/*
 * The owner's reads of their entries: the list, the search candidates, one entry, the calendar, On This Day, an
 * imported entry by its key, and the text decrypted for one AI request. Apart from the analytics and insights
 * reads (analytics.ts), which answer with moods and counts rather than entries.
 */
import {
  type CalendarMonth,
  decryptText,
  ENTRY_LIMITS,
  type Entry,
  type EntryPage,
  type SearchCandidates,
  type SessionUser,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import { type EntriesContext, type ListFilter, toEntry } from './context.ts';

/** An entry's text decrypted for one request (AI features): never stored or logged by the caller. */
export type ReadableEntry = { id: string; date: string; mood: string | null; text: string; createdAt: Date };

const pageFilter = (filter: Pick<ListFilter, 'date' | 'from' | 'to'>) => ({
  date: filter.date,
  from: filter.from ? new Date(filter.from) : undefined,
  to: filter.to ? new Date(filter.to) : undefined,
});

export function createEntryReading(ctx: EntriesContext) {
  const { repository, keys } = ctx;

  return {
    async list(user: SessionUser, filter: ListFilter): Promise<EntryPage> {
      const { rows, total } = await repository.page(
        user.id,
        pageFilter(filter),
        filter.pageSize,
        (filter.page - 1) * filter.pageSize,
      );
      return { entries: rows.map(toEntry), total, page: filter.page, pageSize: filter.pageSize };
    },

    /**
     * A page of the range's entries, newest first, from the cursor on: the browser reads every page, decrypts the
     * entries and filters them by search text or theme (ADR 069).
     */
    async searchCandidates(
      user: SessionUser,
      filter: Omit<ListFilter, 'page' | 'pageSize'> & { after?: string | undefined },
    ): Promise<SearchCandidates> {
      const [cursor, id] = filter.after?.split('_') ?? [];
      const { rows, next } = await repository.candidatesPage(
        user.id,
        pageFilter(filter),
        cursor && id ? { cursor, id } : null,
        ENTRY_LIMITS.searchPageSize,
      );
      return { entries: rows.map(toEntry), next: next ? `${next.cursor}_${next.id}` : null };
    },

    /** Whether the journal holds any entry yet (the dashboard greets a journal without one as a first visit). */
    hasAny(userId: string): Promise<boolean> {
      return repository.hasAny(userId);
    },

    async calendar(user: SessionUser, month: string): Promise<CalendarMonth> {
      const [year, monthNumber] = month.split('-').map(Number) as [number, number];
      const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
      const dates = await repository.datesWithEntries(
        user.id,
        `${month}-01`,
        `${month}-${String(lastDay).padStart(2, '0')}`,
      );
      return { month, dates };
    },

    /** The user's visible entries dated on any of `dates`, newest date first (insights: On This Day). */
    async onDates(user: SessionUser, dates: readonly string[], limit: number): Promise<Entry[]> {
      return (await repository.onDates(user.id, dates, limit)).map(toEntry);
    },

    async get(user: SessionUser, id: string): Promise<Entry> {
      const entry = await repository.findOwned(user.id, id);
      if (!entry) throw new AppError('NOT_FOUND', 'Entry not found');
      return toEntry(entry);
    },

    /**
     * The user's visible entry imported from `importKey` ("dayone:<uuid>"): where a link between imported entries
     * leads (ADR 088). Another user's entry, a deleted one and a key never imported all answer as not found.
     */
    async byImportKey(user: SessionUser, importKey: string): Promise<Entry> {
      const entry = await repository.findOwnedByImportKey(user.id, importKey);
      if (!entry) throw new AppError('NOT_FOUND', 'Entry not found');
      return toEntry(entry);
    },

    /**
     * The owner's visible entries dated `fromDay` or later, newest first, decrypted in memory for one AI request
     * the owner made (docs/design.md#design-encryption); the caller neither stores nor logs the text. An entry that does not
     * decrypt counts with empty text.
     */
    async readableSince(userId: string, fromDay: string, limit: number): Promise<ReadableEntry[]> {
      const rows = await repository.visibleSince(userId, fromDay, limit);
      const key = await keys.keyFor(userId);
      return Promise.all(
        rows.map(async (row) => {
          const iv = row.metadata.encryption_iv;
          let text = '';
          if (row.encryptedContent && typeof iv === 'string') {
            try {
              text = await decryptText(key, { ciphertext: row.encryptedContent, iv });
            } catch {
              text = '';
            }
          }
          return { id: row.id, date: row.entryDate, mood: row.moodTag, text, createdAt: row.createdAt };
        }),
      );
    },
  };
}
