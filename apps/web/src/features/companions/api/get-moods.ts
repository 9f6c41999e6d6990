import { api, type CurrentMood, type MoodRing } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { openSealedMoods } from '../../../lib/encryption/entry-cipher.ts';
import { shouldRetryQuery } from '../../../lib/query-retry.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { companionKeys } from './query-keys.ts';

/** docs/product/dashboard.md#dashboard-moods: mood 2 min, mood ring 5 min. */
export const CURRENT_MOOD_STALE_MS = 2 * 60_000;
export const MOOD_RING_STALE_MS = 5 * 60_000;
/** docs/product/dashboard.md#dashboard-moods: the mood queries retry once (never after an auth failure). */
const MOOD_RETRIES = 1;
const retryOnce = (failureCount: number, error: unknown) =>
  shouldRetryQuery(failureCount, error, MOOD_RETRIES);

export function getCurrentMood(signal?: AbortSignal): Promise<CurrentMood> {
  return callApi(api.companions.currentMood, { signal });
}

export function getMoodRing(signal?: AbortSignal): Promise<MoodRing> {
  return callApi(api.companions.moodRing, { signal });
}

/**
 * Private-mode entries' moods are sealed (ADR 094): they are opened here and counted with the others, the newest
 * private mood of today standing for the current mood when there is one.
 */
async function currentMoodOpened(userId: string, signal?: AbortSignal): Promise<CurrentMood> {
  const answer = await getCurrentMood(signal);
  const opened = (await openSealedMoods(userId, answer.sealed)).find((mood) => mood !== null);
  return { moodTag: opened ?? answer.moodTag, sealed: [] };
}

async function moodRingOpened(userId: string, signal?: AbortSignal): Promise<MoodRing> {
  const answer = await getMoodRing(signal);
  if (answer.sealed.length === 0) return answer;
  const opened = await openSealedMoods(
    userId,
    answer.sealed.map((item) => item.encryptedMood),
  );
  const moods = [...answer.moods];
  for (const [i, item] of answer.sealed.entries()) {
    const moodTag = opened[i];
    if (moodTag) moods.push({ moodTag, entryDate: item.entryDate });
  }
  // Newest day first, as the server orders the ring (the sort is stable within a day).
  moods.sort((a, b) => b.entryDate.localeCompare(a.entryDate));
  return { moods, sealed: [] };
}

export function currentMoodQueryOptions(userId: string) {
  return queryOptions({
    queryKey: companionKeys.currentMood(userId),
    queryFn: ({ signal }) => currentMoodOpened(userId, signal),
    staleTime: CURRENT_MOOD_STALE_MS,
    retry: retryOnce,
  });
}

export function moodRingQueryOptions(userId: string) {
  return queryOptions({
    queryKey: companionKeys.moodRing(userId),
    queryFn: ({ signal }) => moodRingOpened(userId, signal),
    staleTime: MOOD_RING_STALE_MS,
    retry: retryOnce,
  });
}

/**
 * The mood of today's latest entry that has one. The dashboard reads it too: it gives up ("Unable to load
 * dashboard") only when both this and the profile fail (docs/product/accounts.md#accounts-profile).
 */
export function useCurrentMood() {
  const { user } = useSession();
  return useQuery({ ...currentMoodQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}

/** The moods of the last 7 days' entries, newest first. */
export function useMoodRing() {
  const { user } = useSession();
  return useQuery({ ...moodRingQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
