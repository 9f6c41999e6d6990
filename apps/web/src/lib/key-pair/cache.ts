import type { KeyPairWrapKind, WebCryptoKey } from '@daybook/shared';

/*
 * The key pair unwrapped in this tab (ADR 102), in memory only: never in sessionStorage, since the keys it is wrapped
 * under are kept there already and unwrap it again after a reload. This module is all the shell holds of it, so that
 * sign-out can forget it without loading the rest.
 */

export type HeldKeyPair = { publicKey: string; privateKey: WebCryptoKey; wrapKind: KeyPairWrapKind };

export const heldKeyPairs = new Map<string, HeldKeyPair>();

/** Called at sign-out with the other keys' forgetting (session-state.ts), and when a pair turns out stale. */
export function forgetKeyPair(userId?: string): void {
  if (userId) heldKeyPairs.delete(userId);
  else heldKeyPairs.clear();
}
