import {
  decryptText,
  deriveFutureMessageKeyV2,
  ENTRY_MESSAGES,
  type EntryKey,
  type FutureMessage,
  openFutureMessageFieldV2,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  sealFutureMessageFieldV2,
} from '@daybook/shared';
import type { OpenedText, SealedEntryText } from '../../lib/encryption/entry-cipher.ts';
import { keyDerivedFromAccountKey } from '../../lib/encryption/private-entry-key.ts';

/*
 * Letters to the future self in private mode (ADR 098): subject and message sealed here under the letter key, which
 * is derived from the account key unlocked in this browser session (never from anything the server holds), with
 * associated data naming the field and the account. Derived once per unlocked key and kept in memory beside it; a
 * forgotten account key (sign-out, a fresh start) forgets its letter key too.
 */

export type LetterPart = 'subject' | 'message';

/** This session's letter key, or null while private mode is not unlocked here. */
export const privateLetterKey: (userId: string | undefined) => Promise<EntryKey | null> =
  keyDerivedFromAccountKey(deriveFutureMessageKeyV2);

const asPart = ({ ciphertext, iv }: { ciphertext: string; iv: string }): SealedEntryText => ({
  encryptedContent: ciphertext,
  encryptionIv: iv,
});

/** Subject and message sealed as a private letter; null when this session has not unlocked private mode. */
export async function sealPrivateLetter(
  userId: string,
  text: { subject: string; message: string },
): Promise<{ subject: SealedEntryText; message: SealedEntryText } | null> {
  const key = await privateLetterKey(userId);
  if (!key) return null;
  const [subject, message] = await Promise.all([
    sealFutureMessageFieldV2(key, userId, 'subject', text.subject),
    sealFutureMessageFieldV2(key, userId, 'message', text.message),
  ]);
  return { subject: asPart(subject), message: asPart(message) };
}

/** The sealed subject lives in the message's metadata with its own IV; the body in the row. */
export function sealedPart(message: FutureMessage, part: LetterPart): { ciphertext: string; iv: string } {
  return part === 'subject'
    ? { ciphertext: message.encryptedTitle, iv: message.titleEncryptionIv }
    : { ciphertext: message.encryptedContent, iv: message.encryptionIv };
}

export const isPrivateLetter = (message: Pick<FutureMessage, 'encryptionVersion'>) =>
  message.encryptionVersion === PRIVATE_MODE.encryptionVersion;

const FAILED: OpenedText = { text: ENTRY_MESSAGES.decryptionFailed, isDecryptionFailed: true };
export const LOCKED_LETTER: OpenedText = {
  text: PRIVATE_MODE_MESSAGES.futureMessageLocked,
  isDecryptionFailed: true,
  isLocked: true,
};

/**
 * One part of a letter, opened in the browser: a version-1 letter with the version-1 key, a private one with this
 * session's letter key, or the locked notice while there is none. Never throws; a part that does not open reads
 * as the spec's decryption notice.
 */
export async function openLetterPart(
  v1Key: EntryKey,
  userId: string,
  message: FutureMessage,
  part: LetterPart,
): Promise<OpenedText> {
  const sealed = sealedPart(message, part);
  if (isPrivateLetter(message)) {
    const key = await privateLetterKey(userId);
    if (!key) return LOCKED_LETTER;
    try {
      return { text: await openFutureMessageFieldV2(key, userId, part, sealed), isDecryptionFailed: false };
    } catch {
      return FAILED;
    }
  }
  if (!sealed.ciphertext) return { text: '', isDecryptionFailed: false };
  try {
    return { text: await decryptText(v1Key, sealed), isDecryptionFailed: false };
  } catch {
    return FAILED;
  }
}
