import { AUTH_MESSAGES, type SessionResponse, type SessionUser } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../constants.ts';
import { forgetEntryKeys } from '../encryption/entry-key.ts';
import { forgetOpenedTexts } from '../encryption/opened-texts.ts';
import { forgetKeyPair } from '../key-pair/cache.ts';
import { forgetAccountKeys } from '../private-keys/session-key.ts';
import { removeStored } from '../storage.ts';
import { rememberOfflineUser } from './offline-user.ts';

/**
 * Removes the encrypted drafts (ADR 040) and the encrypted copy of the journal (ADR 084) from IndexedDB; loaded
 * only when someone signs out.
 */
function forgetDrafts(): void {
  // The plain draft of before ADR 040 (localStorage "journal-draft") is never left behind either.
  removeStored(STORAGE_KEYS.journalDraft);
  void import('../offline/idb.ts')
    .then((idb) => Promise.all([idb.removeAllDrafts(), idb.removeEntryCopies()]))
    .catch(() => undefined);
}

export const SESSION_QUERY_KEY = ['session'] as const;

export function currentSessionUser(client: QueryClient): SessionUser | null {
  return client.getQueryData<SessionResponse>(SESSION_QUERY_KEY)?.user ?? null;
}

/** Records a signed-in user (after sign-in) so every screen sees it at once. */
export function setSessionUser(client: QueryClient, user: SessionUser | null): void {
  client.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user });
  rememberOfflineUser(user);
}

/**
 * Forgets everything the signed-in user loaded (docs/product/accounts.md#accounts-sessions: signing out "clears cached data"), the entry
 * key, private mode's account key (ADR 089), the key pair unwrapped from it (ADR 102) and the decrypted texts kept for the session included, then marks
 * the session as signed out.
 * The session query itself is updated rather than removed, so the header and the route guards, which
 * watch it, re-render with no user.
 */
export function clearUserData(client: QueryClient): void {
  void client.cancelQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  client.getMutationCache().clear();
  forgetEntryKeys();
  forgetAccountKeys();
  forgetKeyPair();
  forgetOpenedTexts();
  forgetDrafts();
  rememberOfflineUser(null);
  setSessionUser(client, null);
}

/**
 * The server says the session is gone (an admin ended it, it expired, another tab signed out):
 * forget the user's data and say so once. The route guard then sends the person to /login.
 * Does nothing when no one was signed in, so a burst of 401s toasts once.
 */
export function expireSession(client: QueryClient): void {
  if (!currentSessionUser(client)) return;
  clearUserData(client);
  // Imported here, not at the top: the prerendered pages' islands (the plan chooser) use this module and never
  // expire a session, so the toast module stays out of their load.
  void import('../toast.ts').then(({ toast }) =>
    toast.error(AUTH_MESSAGES.sessionExpired, { id: 'session-expired' }),
  );
}
