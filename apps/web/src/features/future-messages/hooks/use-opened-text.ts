import { ENTRY_MESSAGES, type EntryKey, PRIVATE_MODE } from '@daybook/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { OpenedText } from '../../../lib/encryption/entry-cipher.ts';
import { isPrivateUnlocked } from '../../../lib/encryption/private-entry-key.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { futureMessageKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import type { FutureMessage } from '../api.ts';
import type { LetterPart } from '../letter-cipher.ts';

/** Where WebCrypto is missing nothing can be decrypted; the list says so instead of waiting forever. */
const UNREADABLE_HERE: OpenedText = {
  text: 'Encrypted (cannot be read in this browser)',
  isDecryptionFailed: true,
};
/** The key could not be had (the salt request failed): the spec's notice, as for entries. */
const NO_KEY: OpenedText = { text: ENTRY_MESSAGES.decryptionFailed, isDecryptionFailed: true };

/**
 * A message's text, decrypted in the browser, once a session: a message never changes after it is scheduled, so an
 * opened text never goes stale. Kept in memory only; sign-out removes it. Runs only once the version-1 key is at
 * hand (the session known, the salt fetched), so an early render cannot fail it for good. A private letter (ADR 098)
 * opens with this session's unlocked key; while locked it shows the locked notice, which is not kept: the query's
 * key names the lock state, so the letter opens as soon as private mode is unlocked and the view renders again.
 */
function openedTextOptions(
  key: EntryKey | undefined,
  userId: string,
  message: FutureMessage,
  part: LetterPart,
) {
  const isPrivate = message.encryptionVersion === PRIVATE_MODE.encryptionVersion;
  const lock = isPrivate ? (isPrivateUnlocked(userId) ? 'unlocked' : 'locked') : 'v1';
  return {
    queryKey: [...futureMessageKeys.opened(message.id, part), message.encryptionVersion, lock] as const,
    // The letters' cipher (version 2's key derivation with it) loads with the first letter to open, not with the
    // dashboard whose card lists them (its first-load budget, ADR 076).
    queryFn: async () =>
      (await import('../letter-cipher.ts')).openLetterPart(key as EntryKey, userId, message, part),
    enabled: key !== undefined,
    staleTime: lock === 'locked' ? 0 : Number.POSITIVE_INFINITY,
  };
}

/** What to show when the key will not come: why, instead of a placeholder forever. */
function useUnavailableText(): OpenedText | undefined {
  const { support, key } = useEntryCipher();
  if (!support.isAvailable) return UNREADABLE_HERE;
  return key.isError ? NO_KEY : undefined;
}

/** The subjects of a list of messages, in the list's order; undefined while one is being decrypted. */
export function useOpenedSubjects(messages: readonly FutureMessage[]): Array<OpenedText | undefined> {
  const { key } = useEntryCipher();
  const userId = useSession().user?.id ?? '';
  const unavailable = useUnavailableText();
  return useQueries({
    queries: messages.map((message) => openedTextOptions(key.data, userId, message, 'subject')),
    combine: (results) => results.map((result) => unavailable ?? result.data),
  });
}

/** One part of one message, decrypted as soon as the key is at hand; undefined until then. */
export function useOpenedText(message: FutureMessage, part: LetterPart): OpenedText | undefined {
  const { key } = useEntryCipher();
  const userId = useSession().user?.id ?? '';
  const unavailable = useUnavailableText();
  const opened = useQuery(openedTextOptions(key.data, userId, message, part));
  return unavailable ?? opened.data;
}
