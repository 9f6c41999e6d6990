import { journalKeys } from '../../../lib/query-keys.ts';

/**
 * Under the journal's root (lib/query-keys.ts): writing, editing or deleting an entry, here or in another tab
 * (the live `entry` event), invalidates the root, so the streak, the moods and On This Day follow.
 */
export const companionKeys = {
  all: journalKeys.companions,
  streak: (userId: string) => [...journalKeys.companions(), userId, 'streak'] as const,
  moodRing: (userId: string) => [...journalKeys.companions(), userId, 'mood-ring'] as const,
  currentMood: (userId: string) => [...journalKeys.companions(), userId, 'current-mood'] as const,
  onThisDay: (userId: string, date: string) =>
    [...journalKeys.companions(), userId, 'on-this-day', date] as const,
};
