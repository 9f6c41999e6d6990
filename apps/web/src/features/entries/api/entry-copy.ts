import { decryptText, Entry, type EntryKey, type EntryListQuery, type EntryPage } from '@daybook/shared';
import { sealEntryText } from '../../../lib/encryption/entry-cipher.ts';
import type { CopyCipher, CopyRange } from '../../../lib/offline/entry-copy.ts';
import { readOfflineUser } from '../../../lib/session/offline-user.ts';

/**
 * The journal's encrypted copy in this browser (ADR 084), as the entry queries use it: every answer with entries
 * is kept in it, and a request that fails for lack of network is answered from it. The copy's code and its
 * database load only when first needed, after the list has arrived.
 */
const loadCopy = () => import('../../../lib/offline/entry-copy.ts');

/** The whole record sealed with the user's entry key, the format entries and drafts use (AES-GCM). */
function copyCipher(key: EntryKey): CopyCipher {
  return {
    seal: (text) => sealEntryText(key, text),
    open: async ({ encryptedContent, encryptionIv }) => {
      try {
        return await decryptText(key, { ciphertext: encryptedContent, iv: encryptionIv });
      } catch {
        return null;
      }
    },
  };
}

const parseEntry = (value: unknown): Entry | null => {
  const parsed = Entry.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The request found no network: one test for the entries and the media (lib/api-client.ts). */
export { isNetworkFailure } from '../../../lib/api-client.ts';

/**
 * Keeps the entries of an answer in the copy, in the background: a browser without IndexedDB (some private
 * windows) keeps none, and reading online never waits for it.
 */
export function keepInCopy(
  key: EntryKey,
  userId: string,
  entries: readonly Entry[],
  options?: { isWholeJournal?: boolean },
): void {
  if (!userId || (entries.length === 0 && !options?.isWholeJournal)) return;
  // The tab's signed-in user (sessionStorage, removed at sign-out at once): checked when the write's turn comes.
  const isSignedIn = () => readOfflineUser()?.id === userId;
  void loadCopy()
    .then((copy) => copy.keepEntries(copyCipher(key), userId, entries, { ...options, isSignedIn }))
    .catch(() => undefined);
}

/** The entry deleted here leaves the copy too. */
export function removeFromCopy(id: string): void {
  void loadCopy()
    .then((copy) => copy.removeCopiedEntry(id))
    .catch(() => undefined);
}

/** The copy's entries of a day or a period, newest first (none when the copy cannot be read). */
export async function readCopyRange(key: EntryKey, userId: string, range: CopyRange): Promise<Entry[]> {
  try {
    const copy = await loadCopy();
    return copy.inRange(await copy.readEntryCopy(copyCipher(key), parseEntry, userId), range);
  } catch {
    return [];
  }
}

/** A page of the list as the server would cut it, from the copy. */
export async function readCopyPage(key: EntryKey, userId: string, query: EntryListQuery): Promise<EntryPage> {
  const entries = await readCopyRange(key, userId, query);
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? entries.length);
  const start = (page - 1) * pageSize;
  return { entries: entries.slice(start, start + pageSize), total: entries.length, page, pageSize };
}

/** One entry from the copy, or undefined when it is not there. */
export async function readCopiedEntry(key: EntryKey, userId: string, id: string): Promise<Entry | undefined> {
  return (await readCopyRange(key, userId, {})).find((entry) => entry.id === id);
}
