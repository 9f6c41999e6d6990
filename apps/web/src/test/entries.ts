import {
  deriveEntryKey,
  ENCRYPTION,
  type Entry,
  type EntryKey,
  encryptText,
  exportKey,
  localDate,
} from '@daybook/shared';
import { sessionUser, TEST_SALT } from './api.ts';

export { TEST_SALT };

let derived: Promise<{ key: EntryKey; raw: string }> | undefined;

/** The test user's entry key (derived once per test file: 100,000 PBKDF2 rounds take a moment). */
export function testEntryKey(): Promise<{ key: EntryKey; raw: string }> {
  derived ??= deriveEntryKey(sessionUser.id, TEST_SALT, true).then(async (key) => ({
    key,
    raw: await exportKey(key),
  }));
  return derived;
}

/** Puts the key where the app keeps it for the session, so that a test need not stub the salt. */
export async function storeTestEntryKey(): Promise<void> {
  const { raw } = await testEntryKey();
  sessionStorage.setItem(ENCRYPTION.sessionStorageKey(sessionUser.id), raw);
}

let nextId = 1;

/** An entry as the API returns it, its text encrypted with the test user's key. */
export async function sealedEntry(text: string, overrides: Partial<Entry> = {}): Promise<Entry> {
  const { key } = await testEntryKey();
  const sealed = await encryptText(key, text);
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  const timeZone = overrides.timeZone === undefined ? sessionUser.timezone : overrides.timeZone;
  const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
  return {
    id,
    title: null,
    category: null,
    encryptedContent: sealed.ciphertext,
    encryptionIv: sealed.iv,
    encryptionVersion: 1,
    moodTag: null,
    encryptedMood: null,
    contentType: 'text',
    mediaUrl: null,
    sourceType: 'journal',
    entryDate: localDate(new Date(createdAt), timeZone ?? sessionUser.timezone),
    timeZone,
    createdAt,
    updatedAt: createdAt,
    isShared: false,
    isImported: false,
    hasThumbnail: false,
    ...overrides,
    attachments: overrides.attachments ?? [],
  };
}

export function entryPage(entries: Entry[], total = entries.length, page = 1) {
  return { entries, total, page, pageSize: 5 };
}

export const safeVerdict = { safe: true, severity: 'safe', flags: [], explanation: '', confidence: 0.9 };
