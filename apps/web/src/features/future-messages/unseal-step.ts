import {
  ENCRYPTION,
  type EntryKey,
  encryptText,
  type FutureMessage,
  openFutureMessageFieldV2,
  PRIVATE_MODE_MESSAGES,
  type SealFutureMessageReadablyInput,
} from '@daybook/shared';
import { ApiRequestError } from '../../lib/api-client.ts';
import { loadEntryKey } from '../../lib/encryption/entry-key.ts';
import { getSession } from '../../lib/session/get-session.ts';
import { fetchVersionTwoLetters, putReadableSealing } from './api.ts';
import { privateLetterKey, sealedPart } from './letter-cipher.ts';
import { convertLetters, type ReencryptStep } from './letter-conversion.ts';

/*
 * Switching private mode off, the letters' part (ADR 097, amended; the reverse of reencrypt-step.ts): every letter
 * still sealed with the account's letter key is opened here and sealed again as version 1, under the key the
 * server derives, as a letter written in standard mode is (loadEntryKey, encryptText), then replaced in place
 * (PUT /api/future-messages/:id/readable, accepted only while switching off). A private letter's e-mail copy is
 * not kept: a version-1 letter's e-mail is made from its own text. The server refuses to finish the switch off
 * while any private letter is left, since the key goes with it.
 */

async function openPrivate(
  key: EntryKey,
  userId: string,
  letter: FutureMessage,
): Promise<{ subject: string; message: string } | null> {
  try {
    const [subject, message] = await Promise.all([
      openFutureMessageFieldV2(key, userId, 'subject', sealedPart(letter, 'subject')),
      openFutureMessageFieldV2(key, userId, 'message', sealedPart(letter, 'message')),
    ]);
    return { subject, message };
  } catch {
    return null;
  }
}

/** Turned back meanwhile (another tab) or gone: nothing more to do. */
const isAlreadyDone = (error: unknown) =>
  error instanceof ApiRequestError &&
  (error.status === 404 ||
    (error.code === 'ENCRYPTION_VERSION_REFUSED' &&
      error.message === PRIVATE_MODE_MESSAGES.futureMessageAlreadyReadable));

const countLeft = async (signal?: AbortSignal) => (await fetchVersionTwoLetters(0, 1, signal)).total;

export const futureMessagesUnsealStep: ReencryptStep = {
  id: 'future-messages-off',
  label: 'Letters to your future self',
  count: countLeft,

  async run(onProgress, signal) {
    const { user } = await getSession(signal);
    if (!user) throw new Error('Sign in again to finish switching private mode off.');
    const letterKey = await privateLetterKey(user.id);
    if (!letterKey) throw new Error(PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey);
    const v1Key = await loadEntryKey(user.id, signal);
    return convertLetters({
      fetchPage: fetchVersionTwoLetters,
      onProgress,
      signal,
      async convert(letter) {
        const text = await openPrivate(letterKey, user.id, letter);
        if (!text) return false;
        const [subject, message] = [
          await encryptText(v1Key, text.subject),
          await encryptText(v1Key, text.message),
        ];
        const body: SealFutureMessageReadablyInput = {
          subject: { encryptedContent: subject.ciphertext, encryptionIv: subject.iv },
          message: { encryptedContent: message.ciphertext, encryptionIv: message.iv },
          encryptionVersion: ENCRYPTION.version,
        };
        try {
          await putReadableSealing(letter.id, body, signal);
        } catch (error) {
          if (!isAlreadyDone(error)) throw error;
        }
        return true;
      },
    });
  },
};
