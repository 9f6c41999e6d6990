import {
  decryptText,
  deriveEntryKeyV2,
  type EntryKey,
  importAccountKey,
  openEntryTextV2,
  openMoodV2,
  PRIVATE_MODE_MESSAGES,
  SEALED_SHARE_MESSAGES,
  sealEntryTextV2,
  sealMoodV2,
} from '@daybook/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { entries } from '../src/db/schema/index.ts';
import { createEntryKeys } from '../src/infra/crypto/entry-keys.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress, createEntry, createSignedInUser, setPlan } from './support/factories.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';

/*
 * Version-2 entries (private mode, ADR 094) through the real app on a real database: the browser's part is the
 * shared code the web runs (the entry key derived from the account key, text and mood sealed with their field and
 * account as associated data). The server stores version 2 and the sealed mood as they came, never derives a key
 * for them, refuses a version the account does not write, and holds nothing readable even with ENCRYPTION_SECRET.
 */

const PASSPHRASE = 'otters hold hands while they sleep';
type Person = Awaited<ReturnType<typeof createSignedInUser>>;

describe('version-2 entries', () => {
  const ctx = useTestApp();

  const call = (person: Person, options: InjectOptions) =>
    ctx.app.inject({
      remoteAddress: clientAddress(),
      ...options,
      headers: { cookie: person.cookie, ...options.headers },
    });

  /** A person in private mode, and the entry key their browser derives once unlocked. */
  async function privatePerson(): Promise<{ person: Person; key: EntryKey; accountKeyBase64: string }> {
    const person = await createSignedInUser(ctx);
    const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
    const key = await deriveEntryKeyV2(await importAccountKey(keys.accountKey));
    return { person, key, accountKeyBase64: keys.accountKeyBase64 };
  }

  /** What the browser sends for a private entry. */
  async function sealed(key: EntryKey, userId: string, text: string, mood: string | null) {
    const { ciphertext, iv } = await sealEntryTextV2(key, userId, text);
    return {
      encryptedContent: ciphertext,
      encryptionIv: iv,
      encryptionVersion: 2,
      encryptedMood: await sealMoodV2(key, userId, mood),
    };
  }

  it('stores a private entry as it came, and answers it for the browser to open, text and mood', async () => {
    const { person, key } = await privatePerson();
    const userId = person.user.id;
    const created = await call(person, {
      method: 'POST',
      url: '/api/entries',
      payload: await sealed(key, userId, 'The harbour lights at dusk', 'Grateful'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().entry;
    expect(entry).toMatchObject({ encryptionVersion: 2, moodTag: null });

    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row).toMatchObject({ encryptionVersion: 2, moodTag: null, content: null, title: null });
    expect(row?.encryptedMood).toBe(entry.encryptedMood);

    // Every reader answers the sealed fields: the list, the detail, search, On This Day's shape, analytics.
    const list = (await call(person, { method: 'GET', url: '/api/entries' })).json();
    expect(list.entries).toHaveLength(1);
    const listed = list.entries[0];
    expect(
      await openEntryTextV2(key, userId, { ciphertext: listed.encryptedContent, iv: listed.encryptionIv }),
    ).toBe('The harbour lights at dusk');
    expect(await openMoodV2(key, userId, listed.encryptedMood)).toBe('Grateful');
    const detail = (await call(person, { method: 'GET', url: `/api/entries/${entry.id}` })).json();
    expect(detail.encryptedMood).toBe(entry.encryptedMood);
    const candidates = (await call(person, { method: 'GET', url: '/api/entries/search-candidates' })).json();
    expect(candidates.entries[0]).toMatchObject({ encryptionVersion: 2, encryptedMood: entry.encryptedMood });
    const analytics = (await call(person, { method: 'GET', url: '/api/entries/analytics' })).json();
    expect(analytics.entries[0]).toMatchObject({
      encryptionVersion: 2,
      moodTag: null,
      encryptedMood: entry.encryptedMood,
    });
    // The mood ring and the current mood answer the sealed mood for the browser to open; no plain one.
    const ring = (await call(person, { method: 'GET', url: '/api/moods/ring' })).json();
    expect(ring).toEqual({
      moods: [],
      sealed: [{ encryptedMood: entry.encryptedMood, entryDate: entry.entryDate }],
    });
    const current = (await call(person, { method: 'GET', url: '/api/moods/current' })).json();
    expect(current).toEqual({ moodTag: null, sealed: [entry.encryptedMood] });
    // Dates stay the server's to know (ADR 089): the calendar and the streak count the entry.
    const month = entry.entryDate.slice(0, 7);
    const calendar = (
      await call(person, { method: 'GET', url: `/api/entries/calendar?month=${month}` })
    ).json();
    expect(calendar.dates).toEqual([entry.entryDate]);

    // An edit seals the whole entry again, the mood with it.
    const edited = await call(person, {
      method: 'PATCH',
      url: `/api/entries/${entry.id}`,
      payload: await sealed(key, userId, 'The harbour lights at dawn', null),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().entry;
    expect(after).toMatchObject({ encryptionVersion: 2, moodTag: null });
    expect(await openMoodV2(key, userId, after.encryptedMood)).toBeNull();
  });

  it('refuses a version-1 entry from an account in private mode, and a version-2 one from any other', async () => {
    const { person, key } = await privatePerson();
    const plainWrite = await createEntry(
      ctx,
      person.cookie,
      person.user.id,
      'readable by the server',
      'Calm',
    );
    expect(plainWrite.statusCode).toBe(409);
    expect(plainWrite.json()).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: PRIVATE_MODE_MESSAGES.entryNeedsPrivateKey,
    });

    const other = await createSignedInUser(ctx);
    const privateWrite = await call(other, {
      method: 'POST',
      url: '/api/entries',
      payload: await sealed(key, other.user.id, 'a key the account does not have', 'Calm'),
    });
    expect(privateWrite.statusCode).toBe(409);
    expect(privateWrite.json()).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: PRIVATE_MODE_MESSAGES.entryWithoutPrivateMode,
    });

    // The same for an edit: the version-1 account's entry stays version 1.
    const v1 = (await createEntry(ctx, other.cookie, other.user.id, 'plain enough', 'Calm')).json().entry;
    const edit = await call(other, {
      method: 'PATCH',
      url: `/api/entries/${v1.id}`,
      payload: await sealed(key, other.user.id, 'now private?', null),
    });
    expect(edit.statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, v1.id));
    expect(row).toMatchObject({ encryptionVersion: 1, moodTag: 'Calm', encryptedMood: null });

    // The schema: a private entry carries no plain mood, and always its sealed one.
    const withPlainMood = await call(person, {
      method: 'POST',
      url: '/api/entries',
      payload: { ...(await sealed(key, person.user.id, 'mixed', 'Calm')), moodTag: 'Calm' },
    });
    expect(withPlainMood.statusCode).toBe(400);
    const { encryptedMood: _, ...withoutMood } = await sealed(key, person.user.id, 'no mood field', null);
    expect(
      (await call(person, { method: 'POST', url: '/api/entries', payload: withoutMood })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.database.db.select().from(entries).where(eq(entries.userId, person.user.id))).length,
    ).toBe(0);
  });

  it("answers another account's entry ids as unknown", async () => {
    const owner = await privatePerson();
    const entry = (
      await call(owner.person, {
        method: 'POST',
        url: '/api/entries',
        payload: await sealed(owner.key, owner.person.user.id, 'mine alone', 'Proud'),
      })
    ).json().entry;
    const intruder = await privatePerson();
    expect((await call(intruder.person, { method: 'GET', url: `/api/entries/${entry.id}` })).statusCode).toBe(
      404,
    );
    const edit = await call(intruder.person, {
      method: 'PATCH',
      url: `/api/entries/${entry.id}`,
      payload: await sealed(intruder.key, intruder.person.user.id, 'overwritten', 'Sad'),
    });
    expect(edit.statusCode).toBe(404);
    expect(
      (await call(intruder.person, { method: 'DELETE', url: `/api/entries/${entry.id}` })).statusCode,
    ).toBe(404);
    const list = (await call(intruder.person, { method: 'GET', url: '/api/entries' })).json();
    expect(list.total).toBe(0);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row?.encryptedMood).toBe(entry.encryptedMood);
  });

  it('leaves the operator holding the database and ENCRYPTION_SECRET with no phrase and no mood', async () => {
    const phrase = 'the-cormorant-counts-its-keys-8812';
    const { person, key, accountKeyBase64 } = await privatePerson();
    const created = await call(person, {
      method: 'POST',
      url: '/api/entries',
      payload: await sealed(key, person.user.id, `Today ${phrase} at the quay`, 'Celebrating'),
    });
    expect(created.statusCode, created.body).toBe(201);

    const tables = await ctx.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    let dump = '';
    for (const { table_name } of tables)
      dump += JSON.stringify(await ctx.database.query(`select * from "${table_name}"`));
    expect(dump).toContain(person.user.email);
    expect(dump).not.toContain(phrase);
    expect(dump).not.toContain('cormorant');
    expect(dump).not.toContain('Celebrating');
    expect(dump).not.toContain(accountKeyBase64);

    // The server's own key, from ENCRYPTION_SECRET, opens neither the text nor the mood.
    const serverKey = await createEntryKeys(ctx.config.encryptionSecret).keyFor(person.user.id);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.userId, person.user.id));
    await expect(
      decryptText(serverKey, { ciphertext: row!.encryptedContent!, iv: String(row!.metadata.encryption_iv) }),
    ).rejects.toThrow();
    await expect(openMoodV2(serverKey, person.user.id, row!.encryptedMood!)).rejects.toThrow();
  });

  it('refuses what the server would have to read: sharing the entry unsealed (ADR 103), and export', async () => {
    const { person, key } = await privatePerson();
    await setPlan(ctx, person.user.id, 'premium');
    const entry = (
      await call(person, {
        method: 'POST',
        url: '/api/entries',
        payload: await sealed(key, person.user.id, 'for me alone', null),
      })
    ).json().entry;
    const share = await call(person, {
      method: 'POST',
      url: `/api/entries/${entry.id}/shares`,
      payload: { recipients: [{ email: 'friend@example.com' }], consent: true },
    });
    expect(share.statusCode, share.body).toBe(409);
    expect(share.json()).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: SEALED_SHARE_MESSAGES.unsealed,
    });
    // The server cannot make the archive (it cannot read the entries); the browser builds it (ADR 099), and the
    // summary, which counts and sizes without reading text, is answered for it.
    const archive = await call(person, { method: 'GET', url: '/api/export/archive' });
    expect(archive.statusCode).toBe(409);
    expect(archive.json().message).toBe(PRIVATE_MODE_MESSAGES.unavailableInPrivateMode('Export'));
    const summary = await call(person, { method: 'GET', url: '/api/export/summary' });
    expect(summary.statusCode, summary.body).toBe(200);
  });

  it('removes the private entries with the key when the person starts fresh', async () => {
    const { person, key } = await privatePerson();
    await call(person, {
      method: 'POST',
      url: '/api/entries',
      payload: await sealed(key, person.user.id, 'sealed under a key about to be lost', 'Down'),
    });
    const fresh = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/start-fresh',
      payload: { password: person.user.password },
    });
    expect(fresh.statusCode, fresh.body).toBeLessThan(300);
    expect(await ctx.database.db.select().from(entries).where(eq(entries.userId, person.user.id))).toEqual(
      [],
    );
    // Without private mode the account writes version 1 again.
    const plain = await createEntry(ctx, person.cookie, person.user.id, 'a new start', 'Calm');
    expect(plain.statusCode, plain.body).toBe(201);
  });
});
