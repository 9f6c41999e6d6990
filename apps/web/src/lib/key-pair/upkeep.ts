import { api, KeyPairStanding, type KeyPairWrapKind } from '@daybook/shared';
import { apiRequest, apiUrl, isApiError, isNetworkFailure, isSessionGone } from '../api-client.ts';
import { keptAccountKey } from '../private-keys/session-key.ts';

/*
 * What the signed-in shell runs at each page load for the key pair (ADR 102): one request, and nothing more when the
 * pair is there and wrapped as the account's mode wants, which is every load but the first after sign-up, a switch
 * or an unlock. Only then does the key pair's code (key-pair.ts: key generation, wrapping) load.
 */

// The few lines below are key-pair.ts's too, written twice on purpose: imported from one by the other, they would
// put a chunk more in every page load (the check is loaded alone, key-pair.ts only when there is work).

type AccountMode = KeyPairStanding['mode'];

/** Which kind the account's mode wants: none of its own while switching off, when the switch's step decides. */
const kindFor = (mode: AccountMode): KeyPairWrapKind | null =>
  mode === 'private' ? 2 : mode === 'standard' ? 1 : null;

/**
 * Failures that say only "not now": offline, the session gone (the app answers that itself), or a server of the
 * previous version that has no key pair route yet while an update rolls out. The next call tries again.
 */
const isQuietFailure = (error: unknown) =>
  isNetworkFailure(error) || isSessionGone(error) || isApiError(error, 'NOT_FOUND');

const logKeyPairFailure = (error: unknown) => {
  if (!isQuietFailure(error))
    console.warn('The key pair could not be made or rewrapped; trying again later:', error);
};

/**
 * The pair as `fetch` answers it (the standing alone here, the whole pair in key-pair.ts), or the account's mode when
 * there is none yet (the server says it with the 404).
 */
async function fetchKeyPairState<T extends KeyPairStanding>(
  fetch: () => Promise<T>,
): Promise<{ own: T } | { own: null; mode: AccountMode }> {
  try {
    return { own: await fetch() };
  } catch (error) {
    if (!isApiError(error, 'KEY_PAIR_NOT_FOUND')) throw error;
    const mode = error.details?.mode;
    return { own: null, mode: mode === 'private' || mode === 'switching-off' ? mode : 'standard' };
  }
}

/** Whether there is work this browser can do now: none while the key it needs is locked. */
function isDue(userId: string, state: { own: KeyPairStanding } | { own: null; mode: AccountMode }): boolean {
  const isUnlocked = keptAccountKey(userId) !== null;
  if (!state.own) return state.mode === 'standard' || isUnlocked;
  const kind = kindFor(state.own.mode);
  if (kind === null || kind === state.own.wrapKind) return false;
  // Either way one of the two keys is private mode's.
  return isUnlocked;
}

/** The shell's call: the check, then `ensureKeyPair` only when there is something to do. Never throws. */
export async function keepKeyPair(userId: string): Promise<void> {
  try {
    // The standing alone is read: the pair itself is parsed only where key-pair.ts needs it.
    const standing = () => apiRequest(apiUrl(api.keyPairs.mine), { schema: KeyPairStanding });
    if (!isDue(userId, await fetchKeyPairState(standing))) return;
  } catch (error) {
    logKeyPairFailure(error);
    return;
  }
  const { ensureKeyPair } = await import('./key-pair.ts');
  await ensureKeyPair({ id: userId });
}
