import { useEffect } from 'react';
import { useIsPrivateModeUnlocked } from '../private-keys/use-is-unlocked.ts';

/**
 * The signed-in shell keeps the account's key pair made and wrapped as its mode wants (ADR 102): at each sign-in and
 * page load, and again when private mode is unlocked or set up here (its key is then at hand). A small check loads
 * with this call, after the page; the key pair's code only when the check finds work (upkeep.ts).
 */
export function useKeyPairUpkeep(userId: string): void {
  const isUnlocked = useIsPrivateModeUnlocked(userId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: an unlock here is what makes the account key available, so it runs again then
  useEffect(() => {
    void import('./upkeep.ts').then(({ keepKeyPair }) => keepKeyPair(userId));
  }, [userId, isUnlocked]);
}
