import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENTRY_COPY, withStore } from '../../../lib/offline/idb.ts';
import { rememberOfflineUser } from '../../../lib/session/offline-user.ts';
import { json, sessionUser, stubApi } from '../../../test/api.ts';
import { sealedEntry, testEntryKey } from '../../../test/entries.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { entryQueryOptions } from './get-entry.ts';

const copied = async () => (await withStore<number>(ENTRY_COPY, 'readonly', (store) => store.count())) ?? 0;
const offline = () => () => Promise.reject(new TypeError('Failed to fetch'));

describe("an entry's query and the copy (ADR 084)", () => {
  it('keeps the entry it fetched, and opens it from the copy without a network', async () => {
    rememberOfflineUser(sessionUser);
    const { key } = await testEntryKey();
    const entry = await sealedEntry('Notes from the ferry', { moodTag: 'Calm' });
    stubApi({ [`GET /api/entries/${entry.id}`]: json(entry) });
    await createTestQueryClient().fetchQuery(entryQueryOptions(sessionUser.id, entry.id, key));
    await waitFor(async () => expect(await copied()).toBe(1));

    stubApi({ [`GET /api/entries/${entry.id}`]: offline() });
    const opened = await createTestQueryClient().fetchQuery(entryQueryOptions(sessionUser.id, entry.id, key));
    expect(opened).toMatchObject({ id: entry.id, moodTag: 'Calm', text: 'Notes from the ferry' });
  });

  it('still fails offline for an entry the copy does not hold', async () => {
    rememberOfflineUser(sessionUser);
    const { key } = await testEntryKey();
    stubApi({ 'GET /api/entries/unknown': offline() });
    await expect(
      createTestQueryClient().fetchQuery(entryQueryOptions(sessionUser.id, 'unknown', key)),
    ).rejects.toMatchObject({ status: 0 });
  });

  it('keeps nothing once the user has signed out', async () => {
    rememberOfflineUser(null);
    const { key } = await testEntryKey();
    const entry = await sealedEntry('After sign-out');
    stubApi({ [`GET /api/entries/${entry.id}`]: json(entry) });
    await createTestQueryClient().fetchQuery(entryQueryOptions(sessionUser.id, entry.id, key));
    // The keep runs in the background: give it time to have written, had it been allowed to.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await copied()).toBe(0);
  });
});
