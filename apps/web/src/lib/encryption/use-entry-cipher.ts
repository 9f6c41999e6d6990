import type { EntryKey } from '@daybook/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSession } from '../session/get-session.ts';
import {
  type EncryptedFields,
  openEntries,
  openEntryText,
  sealEntry,
  sealEntryText,
} from './entry-cipher.ts';
import { entryKeyQueryOptions } from './entry-key.ts';
import { isPrivateUnlocked } from './private-entry-key.ts';
import { EncryptionError, encryptionSupport } from './support.ts';

/**
 * Encrypts and decrypts the signed-in user's entry text. `support` says up front whether this browser can
 * (a secure context with WebCrypto); the key is derived (or restored) as soon as the hook mounts, so that
 * the first save does not wait for it.
 */
export function useEntryCipher() {
  const { user } = useSession();
  const client = useQueryClient();
  const support = useMemo(encryptionSupport, []);
  const userId = user?.id;
  const key = useQuery({
    ...entryKeyQueryOptions(userId ?? ''),
    enabled: support.isAvailable && Boolean(userId),
  });

  const getKey = useCallback(async (): Promise<EntryKey> => {
    if (!support.isAvailable) throw new EncryptionError(support.message);
    if (!userId) throw new EncryptionError('Sign in to read and write entries.');
    return client.fetchQuery(entryKeyQueryOptions(userId));
  }, [client, support, userId]);

  /** Version 1's sealing of a text alone: drafts and the offline copy, which this browser alone reads. */
  const encrypt = useCallback(async (text: string) => sealEntryText(await getKey(), text), [getKey]);
  /** An entry to save, text and mood, sealed as the account writes: version 2 when private mode is unlocked (ADR 094). */
  const sealForSave = useCallback(
    async (text: string, mood: string | null | undefined) =>
      sealEntry(await getKey(), userId ?? '', text, mood),
    [getKey, userId],
  );
  /** Whether saves are sealed under private mode's key in this session (and so moderated here, ADR 094). */
  const isPrivate = useCallback(() => isPrivateUnlocked(userId), [userId]);
  const decrypt = useCallback(
    async (fields: EncryptedFields) => openEntryText(await getKey(), fields, userId),
    [getKey, userId],
  );
  const decryptMany = useCallback(
    async <T extends EncryptedFields>(entries: readonly T[]) =>
      openEntries(await getKey(), entries, { userId }),
    [getKey, userId],
  );

  return { support, key, getKey, encrypt, sealForSave, isPrivate, decrypt, decryptMany };
}
