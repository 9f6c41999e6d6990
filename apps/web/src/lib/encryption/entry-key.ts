import { deriveEntryKey, ENCRYPTION, type EntryKey, exportKey, importKey } from '@daybook/shared';
import { queryOptions } from '@tanstack/react-query';
import {
  readSessionString,
  removeSessionString,
  removeSessionStringsStartingWith,
  writeSessionString,
} from '../storage.ts';
import { fetchSalt } from './get-salt.ts';
import { assertEncryptionAvailable } from './support.ts';

export const entryKeyQueryKey = (userId: string) => ['entry-key', userId] as const;

/**
 * The user's entry key (docs/product/encryption.md#encryption-browser): derived once from the user id and the server's salt, then kept for the
 * browser session in sessionStorage (raw, base64) so a reload skips the salt request and the 100,000
 * PBKDF2 rounds. In memory it is a non-extractable key.
 */
export async function loadEntryKey(userId: string, signal?: AbortSignal): Promise<EntryKey> {
  assertEncryptionAvailable();
  const storageKey = ENCRYPTION.sessionStorageKey(userId);
  const stored = readSessionString(storageKey);
  if (stored) {
    try {
      return await importKey(stored);
    } catch {
      // Not a key (tampered with, or from another version): derive it again.
      removeSessionString(storageKey);
    }
  }
  const salt = await fetchSalt(signal);
  const raw = await exportKey(await deriveEntryKey(userId, salt, true));
  writeSessionString(storageKey, raw);
  return importKey(raw);
}

/** One derivation per session: the key never goes stale; sign-out removes it with the user's other data. */
export function entryKeyQueryOptions(userId: string) {
  return queryOptions({
    queryKey: entryKeyQueryKey(userId),
    queryFn: ({ signal }) => loadEntryKey(userId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // The salt request retries by itself (3 tries); the key query must not multiply them.
    retry: false,
  });
}

/** Forgets every stored entry key of this tab: called when the user's data is cleared at sign-out. */
export function forgetEntryKeys(): void {
  removeSessionStringsStartingWith(ENCRYPTION.sessionStorageKey(''));
}
