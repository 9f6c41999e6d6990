import { describe, expect, it } from 'vitest';
import { testEntryKey } from '../../test/entries.ts';
import { openEntryText, sealEntryText } from '../encryption/entry-cipher.ts';
import { type DraftCipher, readDraft, removeAllDrafts, removeDraft, writeDraft } from './drafts.ts';
import { DRAFTS, withStore } from './idb.ts';

async function cipherOf(key: Awaited<ReturnType<typeof testEntryKey>>['key']): Promise<DraftCipher> {
  return {
    encrypt: (text) => sealEntryText(key, text),
    decrypt: async (sealed) => {
      const opened = await openEntryText(key, sealed);
      return opened.isDecryptionFailed ? null : opened.text;
    },
  };
}

const draft = { text: 'A secret half-thought', mood: 'Calm', savedAt: '2026-11-22T10:00:00.000Z' };
const allRecords = () => withStore<unknown[]>(DRAFTS, 'readonly', (store) => store.getAll());

describe('encrypted drafts (ADR 040)', () => {
  it('stores only ciphertext and the time, and reads the draft back for its user', async () => {
    const cipher = await cipherOf((await testEntryKey()).key);
    await writeDraft(cipher, 'user-a', draft);
    const records = await allRecords();
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records)).not.toContain('secret');
    expect(JSON.stringify(records)).not.toContain('Calm');
    expect(await readDraft(cipher, 'user-a')).toEqual(draft);
  });

  it("gives a user nothing of another user's draft", async () => {
    const cipher = await cipherOf((await testEntryKey()).key);
    await writeDraft(cipher, 'user-a', draft);
    expect(await readDraft(cipher, 'user-b')).toBeUndefined();
  });

  it('reads nothing with another key, or from a record that was tampered with', async () => {
    const cipher = await cipherOf((await testEntryKey()).key);
    await writeDraft(cipher, 'user-a', draft);
    const otherKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    expect(await readDraft(await cipherOf(otherKey), 'user-a')).toBeUndefined();
    await withStore(DRAFTS, 'readwrite', (store) => store.put({ userId: 'user-a', encryptedContent: 1 }));
    expect(await readDraft(cipher, 'user-a')).toBeUndefined();
  });

  it('removes one user’s draft, and every draft at sign-out, after writes asked for before', async () => {
    const cipher = await cipherOf((await testEntryKey()).key);
    await writeDraft(cipher, 'user-a', draft);
    await writeDraft(cipher, 'user-b', draft);
    await removeDraft('user-a');
    expect(await readDraft(cipher, 'user-a')).toBeUndefined();
    expect(await readDraft(cipher, 'user-b')).toEqual(draft);
    // The card writes as it unmounts and sign-out clears right after: the clear must land last.
    const write = writeDraft(cipher, 'user-c', draft);
    const clear = removeAllDrafts();
    await Promise.all([write, clear]);
    expect(await allRecords()).toEqual([]);
  });
});
