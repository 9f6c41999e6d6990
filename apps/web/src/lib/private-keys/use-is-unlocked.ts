import { useSyncExternalStore } from 'react';
import { keptAccountKey, subscribeAccountKeys } from './session-key.ts';

/**
 * Whether this browser session holds private mode's unlocked key for the account (ADR 089), followed as it is
 * kept or forgotten. Reads only the tab's memory and sessionStorage: no Argon2id, no request.
 */
export function useIsPrivateModeUnlocked(userId: string | undefined): boolean {
  return useSyncExternalStore(
    subscribeAccountKeys,
    () => Boolean(userId) && keptAccountKey(userId ?? '') !== null,
    () => false,
  );
}
