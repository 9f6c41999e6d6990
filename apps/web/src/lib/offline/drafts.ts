import { DRAFTS, inDraftTurn, withStore } from './idb.ts';

export { removeAllDrafts } from './idb.ts';

/**
 * The quick entry card's draft (docs/product/entries.md#entries-quick-entry "journal-draft"), kept encrypted with the user's entry key in
 * IndexedDB, one per user, and removed at sign-out (ADR 040). Only the time it was saved is plain.
 * The cipher comes from the caller (useEntryCipher): this module imports nothing but the database, so that
 * loading it lazily splits no shared code out of the pages' chunks.
 */
export type StoredDraft = { text: string; mood: string | null; savedAt: string };
type Sealed = { encryptedContent: string; encryptionIv: string };
export type DraftCipher = {
  encrypt: (text: string) => Promise<Sealed>;
  /** Resolves to null when the text cannot be read (another key, tampered with). */
  decrypt: (sealed: Sealed) => Promise<string | null>;
};

const isString = (value: unknown): value is string => typeof value === 'string';

export function writeDraft(cipher: DraftCipher, userId: string, draft: StoredDraft): Promise<void> {
  return inDraftTurn(async () => {
    const sealed = await cipher.encrypt(JSON.stringify({ text: draft.text, mood: draft.mood }));
    const record = { userId, ...sealed, savedAt: draft.savedAt };
    await withStore(DRAFTS, 'readwrite', (store) => store.put(record));
  });
}

/** This user's draft, or undefined when there is none or it cannot be read. */
export async function readDraft(cipher: DraftCipher, userId: string): Promise<StoredDraft | undefined> {
  const record = (await withStore(DRAFTS, 'readonly', (store) => store.get(userId))) as
    | Record<string, unknown>
    | undefined;
  const { encryptedContent, encryptionIv, savedAt } = record ?? {};
  if (!isString(encryptedContent) || !isString(encryptionIv) || !isString(savedAt)) return undefined;
  const plain = await cipher.decrypt({ encryptedContent, encryptionIv });
  if (plain === null) return undefined;
  try {
    const content = JSON.parse(plain) as { text?: unknown; mood?: unknown };
    if (!isString(content.text) || !(content.mood === null || isString(content.mood))) return undefined;
    return { text: content.text, mood: content.mood, savedAt };
  } catch {
    return undefined;
  }
}

export function removeDraft(userId: string): Promise<void> {
  return inDraftTurn(async () => {
    await withStore(DRAFTS, 'readwrite', (store) => store.delete(userId));
  });
}
