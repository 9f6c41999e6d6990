import { ENTRY_MESSAGES, type EntryKey } from '@daybook/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  type EncryptedFields,
  type OpenedText,
  openEntryText,
} from '../../../lib/encryption/entry-cipher.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { futureMessageKeys } from '../../../lib/query-keys.ts';
import type { FutureMessage } from '../api.ts';

type Part = 'subject' | 'message';

/** Where WebCrypto is missing nothing can be decrypted; the list says so instead of waiting forever. */
const UNREADABLE_HERE: OpenedText = {
  text: 'Encrypted (cannot be read in this browser)',
  isDecryptionFailed: true,
};
/** The key could not be had (the salt request failed): the spec's notice, as for entries. */
const NO_KEY: OpenedText = { text: ENTRY_MESSAGES.decryptionFailed, isDecryptionFailed: true };

/** The subject is sealed in the message's metadata with its own IV (docs/product/future-letters.md#future-letters-card); the body in the row. */
function sealedPart(message: FutureMessage, part: Part): EncryptedFields {
  return part === 'subject'
    ? { encryptedContent: message.encryptedTitle, encryptionIv: message.titleEncryptionIv }
    : { encryptedContent: message.encryptedContent, encryptionIv: message.encryptionIv };
}

/**
 * A message's text, decrypted in the browser with the user's key, once a session: a message never changes
 * after it is scheduled, so the result never goes stale. Kept in memory only; sign-out removes it. Runs only
 * once the key is at hand (the session known, the salt fetched), so an early render cannot fail it for good.
 */
function openedTextOptions(key: EntryKey | undefined, message: FutureMessage, part: Part) {
  return {
    queryKey: futureMessageKeys.opened(message.id, part),
    queryFn: () => openEntryText(key as EntryKey, sealedPart(message, part)),
    enabled: key !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
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
  const unavailable = useUnavailableText();
  return useQueries({
    queries: messages.map((message) => openedTextOptions(key.data, message, 'subject')),
    combine: (results) => results.map((result) => unavailable ?? result.data),
  });
}

/** One part of one message, decrypted as soon as the key is at hand; undefined until then. */
export function useOpenedText(message: FutureMessage, part: Part): OpenedText | undefined {
  const { key } = useEntryCipher();
  const unavailable = useUnavailableText();
  const opened = useQuery(openedTextOptions(key.data, message, part));
  return unavailable ?? opened.data;
}
