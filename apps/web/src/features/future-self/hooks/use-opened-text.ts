import { useQueries, useQuery } from '@tanstack/react-query';
import type { EncryptedFields, OpenedText } from '../../../lib/encryption/entry-cipher.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { futureMessageKeys } from '../../../lib/query-keys.ts';
import type { FutureMessage } from '../api.ts';

type Part = 'subject' | 'message';

/** Where WebCrypto is missing nothing can be decrypted; the list says so instead of waiting forever. */
const UNREADABLE_HERE: OpenedText = {
  text: 'Encrypted (cannot be read in this browser)',
  isDecryptionFailed: true,
};

/** The subject is sealed in the message's metadata with its own IV (spec §3); the body in the row. */
function sealedPart(message: FutureMessage, part: Part): EncryptedFields {
  return part === 'subject'
    ? { encryptedContent: message.encryptedTitle, encryptionIv: message.titleEncryptionIv }
    : { encryptedContent: message.encryptedContent, encryptionIv: message.encryptionIv };
}

/**
 * A message's text, decrypted in the browser with the user's key, once a session: a message never changes
 * after it is scheduled, so the result never goes stale. Kept in memory only; sign-out removes it.
 */
function openedTextOptions(
  decrypt: (fields: EncryptedFields) => Promise<OpenedText>,
  message: FutureMessage,
  part: Part,
) {
  return {
    queryKey: futureMessageKeys.opened(message.id, part),
    queryFn: () => decrypt(sealedPart(message, part)),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  };
}

/** The subjects of a list of messages, in the list's order; undefined while one is being decrypted. */
export function useOpenedSubjects(messages: readonly FutureMessage[]): Array<OpenedText | undefined> {
  const { support, decrypt } = useEntryCipher();
  return useQueries({
    queries: messages.map((message) => ({
      ...openedTextOptions(decrypt, message, 'subject'),
      enabled: support.isAvailable,
    })),
    combine: (results) => results.map((result) => (support.isAvailable ? result.data : UNREADABLE_HERE)),
  });
}

/** One part of one message, decrypted when `enabled` (e.g. once the person opens it). */
export function useOpenedText(message: FutureMessage, part: Part, enabled = true): OpenedText | undefined {
  const { support, decrypt } = useEntryCipher();
  const opened = useQuery({
    ...openedTextOptions(decrypt, message, part),
    enabled: enabled && support.isAvailable,
  });
  return support.isAvailable ? opened.data : UNREADABLE_HERE;
}
