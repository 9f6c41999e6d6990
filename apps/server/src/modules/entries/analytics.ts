/*
 * What /analytics and the insights read of the entries (ADR 030, ADR 048): pages to chart, every mood column by
 * column, the streak's runs and the moods of a range. Apart because they answer with moods and counts, never
 * with an entry the owner opens.
 */
import {
  ANALYTICS_PAGE_SIZE,
  type AnalyticsEntriesPage,
  type AnalyticsMoods,
  type SessionUser,
} from '@daybook/shared';
import type { EntriesContext } from './context.ts';

export function createEntryAnalytics(ctx: EntriesContext) {
  const { repository } = ctx;

  return {
    /** A page of what /analytics decrypts and charts, oldest first (ADR 030). */
    async analyticsEntries(
      user: SessionUser,
      query: { from?: string; to?: string; cursor?: string },
    ): Promise<AnalyticsEntriesPage> {
      const [createdAt, id] = query.cursor ? query.cursor.split('_') : [];
      const range = { from: query.from, to: query.to };
      const after = createdAt && id ? { createdAt, id } : null;
      const [rows, total] = await Promise.all([
        repository.analyticsPage(user.id, range, after, ANALYTICS_PAGE_SIZE + 1),
        after ? null : repository.analyticsCount(user.id, range),
      ]);
      const page = rows.slice(0, ANALYTICS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        entries: page.map((row) => ({
          id: row.id,
          createdAt: new Date(row.created_at).toISOString(),
          entryDate: row.entry_date,
          moodTag: row.mood_tag,
          title: row.title,
          category: row.category,
          encryptedContent: row.encrypted_content,
          encryptionIv: row.encryption_iv,
          encryptionVersion: row.encryption_version,
          encryptedMood: row.encrypted_mood,
        })),
        nextCursor: rows.length > ANALYTICS_PAGE_SIZE && last ? `${last.cursor}_${last.id}` : null,
        total,
      };
    },

    /** Every visible entry's date, time and mood in one answer, column by column (ADR 048). */
    analyticsMoods(user: SessionUser, query: { from?: string; to?: string }): Promise<AnalyticsMoods> {
      return repository.analyticsMoods(user.id, { from: query.from, to: query.to });
    },

    /** Runs of consecutive days with the user's visible entries up to `today` (insights: the streak). */
    streakRuns(user: SessionUser, today: string, since: string) {
      return repository.streakRuns(user.id, today, since);
    },

    /** Mood tags of the user's visible entries dated in [first, last], newest first (insights: the mood ring). */
    moodsBetween(user: SessionUser, first: string, last: string, limit: number) {
      return repository.moodsBetween(user.id, first, last, limit);
    },

    /** The sealed moods of the user's private-mode entries dated in [first, last], newest first (ADR 094). */
    sealedMoodsBetween(user: SessionUser, first: string, last: string, limit: number) {
      return repository.sealedMoodsBetween(user.id, first, last, limit);
    },

    /** The mood of the user's latest visible entry dated `day` that has one (insights: current mood). */
    latestMood(user: SessionUser, day: string) {
      return repository.latestMood(user.id, day);
    },
  };
}
