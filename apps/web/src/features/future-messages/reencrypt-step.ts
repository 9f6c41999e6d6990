import {
  decryptText,
  type EntryKey,
  type FutureMessage,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  type SealFutureMessagePrivatelyInput,
} from '@daybook/shared';
import { ApiRequestError } from '../../lib/api-client.ts';
import { loadEntryKey } from '../../lib/encryption/entry-key.ts';
import { getSession } from '../../lib/session/get-session.ts';
import { fetchVersionOneLetters, putPrivateSealing } from './api.ts';
import { sealedPart, sealPrivateLetter } from './letter-cipher.ts';
import { convertLetters, type ReencryptStep } from './letter-conversion.ts';

/*
 * Switching private mode on, the letters' part (ADR 098): every letter of the account still sealed as version 1
 * (pending, delivered, cancelled or failed: each holds its text) is opened here with the version-1 key, sealed again
 * under the account's own key, and replaced in place on the server (PUT /api/future-messages/:id/private, which
 * accepts only the owner's, only version 1 → 2, only while the account is in private mode). It asks the server what
 * is left each time, so a run stopped halfway (a closed tab, an abort) resumes where it stopped, and a second run
 * finds nothing to do. The switch-on runner (features/private-mode/switch/) plugs this step in.
 */

async function signedInUserId(signal?: AbortSignal): Promise<string> {
  const { user } = await getSession(signal);
  if (!user) throw new Error('Sign in again to finish turning private mode on.');
  return user.id;
}

/** A version-1 letter opened with the version-1 key; null when it does not open. */
async function openVersionOne(
  key: EntryKey,
  letter: FutureMessage,
): Promise<{ subject: string; message: string } | null> {
  try {
    const [subject, message] = await Promise.all([
      decryptText(key, sealedPart(letter, 'subject')),
      decryptText(key, sealedPart(letter, 'message')),
    ]);
    return { subject, message };
  } catch {
    return null;
  }
}

/** Whether the server says the letter needs nothing more: converted meanwhile (another tab), or gone. */
const isAlreadyDone = (error: unknown) =>
  error instanceof ApiRequestError &&
  (error.status === 404 ||
    (error.code === 'ENCRYPTION_VERSION_REFUSED' &&
      error.message === PRIVATE_MODE_MESSAGES.futureMessageAlreadyPrivate));

const countLeft = async (signal?: AbortSignal) => (await fetchVersionOneLetters(0, 1, signal)).total;

export const futureMessagesReencryptStep: ReencryptStep = {
  id: 'future-messages',
  label: 'Letters to your future self',
  count: countLeft,

  async run(onProgress, signal) {
    const userId = await signedInUserId(signal);
    const v1Key = await loadEntryKey(userId, signal);
    return convertLetters({
      fetchPage: fetchVersionOneLetters,
      onProgress,
      signal,
      async convert(letter) {
        const text = await openVersionOne(v1Key, letter);
        if (!text) return false;
        const sealed = await sealPrivateLetter(userId, text);
        // Locked midway (signed out in another tab): nothing can be sealed; the next run resumes here.
        if (!sealed) throw new Error(PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey);
        const body: SealFutureMessagePrivatelyInput = {
          ...sealed,
          encryptionVersion: PRIVATE_MODE.encryptionVersion,
        };
        try {
          await putPrivateSealing(letter.id, body, signal);
        } catch (error) {
          if (!isAlreadyDone(error)) throw error;
        }
        return true;
      },
    });
  },
};
