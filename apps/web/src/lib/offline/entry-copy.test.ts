import { decryptText, Entry, type EntryKey } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { sealedEntry, testEntryKey } from '../../test/entries.ts';
import { sealEntryText } from '../encryption/entry-cipher.ts';
import { type CopyCipher, inRange, keepEntries, readEntryCopy, removeCopiedEntry } from './entry-copy.ts';
import { ENTRY_COPY, removeEntryCopies, withStore } from './idb.ts';

/** The cipher the entries' queries hand the copy (features/entries/api/entry-copy.ts): the entry key, AES-GCM. */
function cipherOf(key: EntryKey): CopyCipher {
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
const parse = (value: unknown) => {
  const parsed = Entry.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const allRecords = async () => (await withStore<unknown[]>(ENTRY_COPY, 'readonly', (s) => s.getAll())) ?? [];

/** An entry of last month with a mood, a zone and a title: all of it must be sealed in the copy. */
async function lastMonthEntry() {
  return sealedEntry('Walked along the harbour at dawn', {
    moodTag: 'Grateful',
    title: 'Harbour walk',
    createdAt: '2026-10-14T06:30:00.000Z',
    timeZone: 'Europe/Lisbon',
    entryDate: '2026-10-14',
  });
}

describe('the encrypted copy of the journal (ADR 084)', () => {
  it('stores each entry sealed whole: no words, mood, date or zone of it in the raw records', async () => {
    const { key } = await testEntryKey();
    const entry = await lastMonthEntry();
    await keepEntries(cipherOf(key), 'user-a', [entry]);
    const records = await allRecords();
    expect(records).toHaveLength(1);
    expect(Object.keys(records[0] as object).sort()).toEqual([
      'encryptedContent',
      'encryptionIv',
      'id',
      'userId',
    ]);
    const raw = JSON.stringify(records);
    for (const plain of [
      'harbour',
      'Grateful',
      'Harbour walk',
      '2026-10-14',
      'Lisbon',
      entry.encryptedContent!,
    ]) {
      expect(raw).not.toContain(plain);
    }
    // Read back, it is the record the server sent, its text still the server's ciphertext.
    expect(await readEntryCopy(cipherOf(key), parse, 'user-a')).toEqual([entry]);
  });

  it('keeps a copy per user, opens nothing with another key, and drops what cannot be read', async () => {
    const { key } = await testEntryKey();
    const entry = await lastMonthEntry();
    await keepEntries(cipherOf(key), 'user-a', [entry]);
    expect(await readEntryCopy(cipherOf(key), parse, 'user-b')).toEqual([]);
    const otherKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await withStore(ENTRY_COPY, 'readwrite', (store) =>
      store.put({ id: 'tampered', userId: 'user-c', encryptedContent: 'AAAA', encryptionIv: 'AAAA' }),
    );
    expect(await readEntryCopy(cipherOf(otherKey), parse, 'user-a')).toEqual([]);
    expect(await readEntryCopy(cipherOf(key), parse, 'user-c')).toEqual([]);
  });

  it("removes another person's copy when the next one keeps entries in this browser", async () => {
    const { key } = await testEntryKey();
    await keepEntries(cipherOf(key), 'user-a', [await lastMonthEntry()]);
    await keepEntries(cipherOf(key), 'user-b', [await sealedEntry('Mine')]);
    const records = (await allRecords()) as Array<{ userId: string }>;
    expect(records.map((record) => record.userId)).toEqual(['user-b']);
  });

  it('follows edits and deletions, newest first, and an All Time list removes what was deleted elsewhere', async () => {
    const { key } = await testEntryKey();
    const cipher = cipherOf(key);
    const old = await lastMonthEntry();
    const recent = await sealedEntry('This morning', { createdAt: '2026-11-28T08:00:00.000Z' });
    const gone = await sealedEntry('Deleted on the phone', { createdAt: '2026-11-20T08:00:00.000Z' });
    await keepEntries(cipher, 'user-a', [old, gone]);
    await keepEntries(cipher, 'user-a', [recent]);
    expect((await readEntryCopy(cipher, parse, 'user-a')).map((e) => e.id)).toEqual([
      recent.id,
      gone.id,
      old.id,
    ]);

    const edited = { ...old, moodTag: 'Calm', updatedAt: '2026-11-29T07:00:00.000Z' };
    await keepEntries(cipher, 'user-a', [edited]);
    expect((await readEntryCopy(cipher, parse, 'user-a')).find((e) => e.id === old.id)?.moodTag).toBe('Calm');

    await removeCopiedEntry(recent.id);
    expect((await readEntryCopy(cipher, parse, 'user-a')).map((e) => e.id)).toEqual([gone.id, old.id]);

    await keepEntries(cipher, 'user-a', [edited], { isWholeJournal: true });
    expect((await readEntryCopy(cipher, parse, 'user-a')).map((e) => e.id)).toEqual([old.id]);
  });

  it('reads a day or a period as the server does (from inclusive, to exclusive)', async () => {
    const { key } = await testEntryKey();
    const old = await lastMonthEntry();
    const recent = await sealedEntry('This month', { createdAt: '2026-11-02T00:00:00.000Z' });
    await keepEntries(cipherOf(key), 'user-a', [old, recent]);
    const copy = await readEntryCopy(cipherOf(key), parse, 'user-a');
    const ids = (range: Parameters<typeof inRange>[1]) => inRange(copy, range).map((e) => e.id);
    expect(ids({})).toEqual([recent.id, old.id]);
    expect(ids({ from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' })).toEqual([recent.id]);
    expect(ids({ from: '2026-10-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' })).toEqual([old.id]);
    expect(ids({ date: '2026-10-14' })).toEqual([old.id]);
  });

  it('is removed at sign-out, every user’s, after writes asked for before', async () => {
    const { key } = await testEntryKey();
    const cipher = cipherOf(key);
    await keepEntries(cipher, 'user-a', [await lastMonthEntry()]);
    expect(await readEntryCopy(cipher, parse, 'user-a')).toHaveLength(1);
    // A list answered just before sign-out is written first, then everything goes.
    const write = keepEntries(cipher, 'user-a', [await sealedEntry('Last words')]);
    const clear = removeEntryCopies();
    await Promise.all([write, clear]);
    expect(await allRecords()).toEqual([]);
    // What the page remembered of the copy went with it.
    expect(await readEntryCopy(cipher, parse, 'user-a')).toEqual([]);
  });

  it('writes nothing for an answer that arrives once its user has signed out', async () => {
    const { key } = await testEntryKey();
    await keepEntries(cipherOf(key), 'user-a', [await lastMonthEntry()], { isSignedIn: () => false });
    expect(await allRecords()).toEqual([]);
  });
});
