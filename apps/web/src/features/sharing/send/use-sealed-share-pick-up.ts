import { useEffect } from 'react';
import { useIsPrivateModeUnlocked } from '../../../lib/private-keys/use-is-unlocked.ts';

/**
 * At each unlocked session of a private-mode account, its browser wraps the keys of private-link shares whose
 * recipient has made an account since (ADR 103's pick-up). The code loads with the call, never with the page.
 */
export function useSealedSharePickUp(userId: string): void {
  const isUnlocked = useIsPrivateModeUnlocked(userId);
  useEffect(() => {
    if (isUnlocked) void import('./sealed/pick-up.ts').then((pickUp) => pickUp.wrapQuietly(userId));
  }, [userId, isUnlocked]);
}
