import { useEffect } from 'react';
import { isApiError, isNetworkFailure, isSessionGone } from '../../../lib/api-client.ts';
import { useIsPrivateModeUnlocked } from '../../../lib/private-keys/use-is-unlocked.ts';

/** "Not now": offline, the session gone (the app answers that), or a server of the previous version mid-rollout. */
const isQuietFailure = (error: unknown) =>
  isNetworkFailure(error) || isSessionGone(error) || isApiError(error, 'NOT_FOUND');

/**
 * At each unlocked session of a private-mode account, its browser wraps the keys of private-link shares whose
 * recipient has made an account since (ADR 103's pick-up). The code loads with the call, never with the page; a
 * failure is logged and the next unlocked session tries again.
 */
export function useSealedSharePickUp(userId: string): void {
  const isUnlocked = useIsPrivateModeUnlocked(userId);
  useEffect(() => {
    if (!isUnlocked) return;
    void import('./sealed/pick-up.ts')
      .then(({ wrapAwaitingShares }) => wrapAwaitingShares(userId))
      .catch((error: unknown) => {
        if (!isQuietFailure(error))
          console.warn('Shares awaiting a recipient key were not wrapped yet:', error);
      });
  }, [userId, isUnlocked]);
}
