import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { forgetOpenedTexts } from '../../lib/encryption/opened-texts.ts';
import { forgetAccountKeys } from '../../lib/private-keys/session-key.ts';
import { PROFILE_QUERY_KEY } from '../../lib/profile.ts';
import { journalKeys } from '../../lib/query-keys.ts';
import { privateModeKeys } from './api.ts';

/*
 * After the key changes in this tab, what showed locked must open (or what showed open must lock) without a reload.
 * Every query that holds an entry or a sealed mood lives under the journal's root (lib/query-keys.ts): the lists,
 * search candidates, details, On This Day, the mood ring and current mood, analytics. Their query functions open
 * each entry with the key of the moment, and a locked entry is never cached (ADR 094), so refetching them is enough.
 */

/** Unlocked (or a new key): the journal's queries are fetched and opened again, with the key now held. */
export function refreshAfterUnlock(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: journalKeys.all });
}

/** Set up or started fresh: the profile says whether the account is in private mode, and the status changed. */
export async function refreshAfterKeyChange(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
    client.invalidateQueries({ queryKey: privateModeKeys.all }),
    refreshAfterUnlock(client),
  ]);
}

/** "Lock now": the key leaves this tab, and so do the texts it opened; the journal reads locked again. */
export function lockNow(client: QueryClient, userId: string): Promise<void> {
  forgetAccountKeys(userId);
  forgetOpenedTexts();
  return client.resetQueries({ queryKey: journalKeys.all });
}

export function useRefreshAfterUnlock() {
  const client = useQueryClient();
  return useCallback(() => refreshAfterUnlock(client), [client]);
}
