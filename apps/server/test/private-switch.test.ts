import {
  decryptText,
  deriveEntryKeyV2,
  deriveFutureMessageKeyV2,
  type EntryKey,
  encryptText,
  fromBase64,
  importAccountKey,
  MOODS,
  openEntryTextV2,
  openMoodV2,
  PRIVATE_MODE_MESSAGES,
  PRIVATE_SWITCH_MESSAGES,
  type ReEncryptionCandidate,
  type ReEncryptionPage,
  sealEntryTextV2,
  sealFutureMessageFieldV2,
  sealMoodV2,
} from '@daybook/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { entries, futureMessages, privateKeys } from '../src/db/schema/index.ts';
import { createEntryKeys } from '../src/infra/crypto/entry-keys.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress, createEntry, createSignedInUser, setPlan } from './support/factories.ts';
import { browserKeySetUp } from './support/private-keys.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';

/*
 * Switching an existing account into private mode and back (ADR 097) through the real app on a real database. The
 * browser's part is the shared code the web runs: the version-1 key (the same key the server derives, as the
 * browser derives it from the salt), and version 2's sealing under the entry key derived from the account key.
 */

const PASSPHRASE = 'otters hold hands while they sleep';
type Person = Awaited<ReturnType<typeof createSignedInUser>>;
type Keys = { v1: EntryKey; v2: EntryKey; keyProof: string; accountKeyBase64: string };

const phraseOf = (index: number) => `the-heron-${index}-keeps-the-lantern-${7000 + index}`;
/** Moods the operator's view looks for: words no other table of a fresh account holds. */
const SEEDED_MOODS = ['Celebrating', 'Reflective', 'Joyful'] as const;

describe('switching private mode on and off', () => {
  const ctx = useTestApp();

  const call = (person: Person, options: InjectOptions) =>
    ctx.app.inject({
      remoteAddress: clientAddress(),
      ...options,
      headers: { cookie: person.cookie, ...options.headers },
    });

  /** The version-1 key of the person's entries: the browser derives the same one from the server's salt. */
  const v1KeyOf = (userId: string) => createEntryKeys(ctx.config.encryptionSecret).keyFor(userId);

  /**
   * `count` version-1 entries written over the past weeks, as a browser wrote them: every third with a mood, one
   * with an attachment, one deleted. Answers the rows as stored.
   */
  async function seedReadableEntries(person: Person, count: number) {
    const key = await v1KeyOf(person.user.id);
    const values = [];
    for (let index = 0; index < count; index += 1) {
      const { ciphertext, iv } = await encryptText(key, `Day ${index}: ${phraseOf(index)}`);
      const createdAt = new Date(Date.UTC(2026, 9, 1 + index, 8, 30));
      values.push({
        userId: person.user.id,
        encryptedContent: ciphertext,
        metadata: { encryption_iv: iv, imported_from: index === 3 ? 'dayone' : undefined },
        moodTag: index % 3 === 0 ? SEEDED_MOODS[index % SEEDED_MOODS.length] : null,
        entryDate: createdAt.toISOString().slice(0, 10),
        timeZone: 'Europe/Lisbon',
        createdAt,
        updatedAt: new Date(createdAt.getTime() + 60_000),
        ...(index === 3
          ? {
              contentType: 'image' as const,
              mediaUrl: `users/${person.user.id}/photo-3.jpg`,
              attachments: [
                {
                  id: 'a1',
                  path: `users/${person.user.id}/scan.pdf`,
                  kind: 'pdf' as const,
                  thumbWidth: null,
                  thumbHeight: null,
                },
              ],
            }
          : {}),
        ...(index === 5
          ? { deletedAt: new Date(createdAt.getTime() + 120_000), deletionReason: 'user' }
          : {}),
      });
    }
    await ctx.database.db.insert(entries).values(values);
    return rowsOf(person);
  }

  const rowsOf = (person: Person) =>
    ctx.database.db.select().from(entries).where(eq(entries.userId, person.user.id)).orderBy(entries.id);

  async function setUpPrivateMode(person: Person): Promise<Keys> {
    const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
    return {
      v1: await v1KeyOf(person.user.id),
      v2: await deriveEntryKeyV2(await importAccountKey(keys.accountKey)),
      keyProof: keys.keyProof,
      accountKeyBase64: keys.accountKeyBase64,
    };
  }

  const pageOf = async (person: Person, to: 'private' | 'standard', after?: string, limit = 10) => {
    const query = new URLSearchParams({ to, limit: String(limit), ...(after ? { after } : {}) });
    const response = await call(person, {
      method: 'GET',
      url: `/api/me/private-mode/re-encryption?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReEncryptionPage;
  };

  /** What the browser sends for one entry turned toward private mode. */
  async function sealedPrivate(keys: Keys, userId: string, entry: ReEncryptionCandidate) {
    const text = entry.encryptedContent
      ? await decryptText(keys.v1, { ciphertext: entry.encryptedContent, iv: entry.encryptionIv ?? '' })
      : '';
    const { ciphertext, iv } = await sealEntryTextV2(keys.v2, userId, text);
    return {
      id: entry.id,
      encryptedContent: ciphertext,
      encryptionIv: iv,
      encryptionVersion: 2,
      encryptedMood: await sealMoodV2(keys.v2, userId, entry.moodTag),
    };
  }

  /** What the browser sends for one entry turned back to version 1. */
  async function sealedReadable(keys: Keys, userId: string, entry: ReEncryptionCandidate) {
    const text = entry.encryptedContent
      ? await openEntryTextV2(keys.v2, userId, {
          ciphertext: entry.encryptedContent,
          iv: entry.encryptionIv ?? '',
        })
      : '';
    const { ciphertext, iv } = await encryptText(keys.v1, text);
    return {
      id: entry.id,
      encryptedContent: ciphertext,
      encryptionIv: iv,
      encryptionVersion: 1,
      moodTag: entry.encryptedMood ? await openMoodV2(keys.v2, userId, entry.encryptedMood) : null,
    };
  }

  const reEncrypt = (person: Person, batch: unknown[]) =>
    call(person, { method: 'POST', url: '/api/me/private-mode/re-encrypt', payload: { entries: batch } });

  /**
   * The browser's run: pages of 10, batches of 5, stopping once `stopAfter` entries were converted (a closed tab).
   * Answers how many it converted.
   */
  async function run(
    person: Person,
    keys: Keys,
    to: 'private' | 'standard',
    stopAfter = Number.POSITIVE_INFINITY,
  ) {
    let converted = 0;
    let after: string | undefined;
    for (;;) {
      const page = await pageOf(person, to, after);
      for (let start = 0; start < page.entries.length; start += 5) {
        if (converted >= stopAfter) return converted;
        const batch = await Promise.all(
          page.entries
            .slice(start, start + 5)
            .map((entry) =>
              to === 'private'
                ? sealedPrivate(keys, person.user.id, entry)
                : sealedReadable(keys, person.user.id, entry),
            ),
        );
        const response = await reEncrypt(person, batch);
        expect(response.statusCode, response.body).toBe(200);
        converted += response.json().converted.length;
      }
      if (!page.next) return converted;
      after = page.next;
    }
  }

  const switchStatus = async (person: Person) =>
    (await call(person, { method: 'GET', url: '/api/me/private-mode/switch' })).json();

  it('makes 25 readable entries private in pages, resumed halfway, changing nothing else', async () => {
    const person = await createSignedInUser(ctx);
    const before = await seedReadableEntries(person, 25);
    const keys = await setUpPrivateMode(person);
    expect(await switchStatus(person)).toEqual({ mode: 'private', readableEntries: 25, privateEntries: 0 });

    const first = await pageOf(person, 'private');
    expect(first.remaining).toBe(25);
    expect(first.entries).toHaveLength(10);
    expect(first.next).toBe(first.entries[9]?.id);
    // Ids, ciphertext and mood; nothing else of the entry.
    expect(Object.keys(first.entries[0] ?? {}).sort()).toEqual(
      ['encryptedContent', 'encryptedMood', 'encryptionIv', 'encryptionVersion', 'id', 'moodTag'].sort(),
    );

    // A tab closed after 10: the next run starts again from "still version 1", without a cursor.
    expect(await run(person, keys, 'private', 10)).toBe(10);
    expect(await switchStatus(person)).toMatchObject({ readableEntries: 15, privateEntries: 10 });
    expect((await pageOf(person, 'private')).remaining).toBe(15);
    expect(await run(person, keys, 'private')).toBe(15);
    expect(await switchStatus(person)).toEqual({ mode: 'private', readableEntries: 0, privateEntries: 25 });
    expect((await pageOf(person, 'private')).entries).toEqual([]);

    const after = await rowsOf(person);
    expect(after.filter((row) => row.encryptionVersion !== 2)).toEqual([]);
    for (const [index, row] of after.entries()) {
      const old = before[index]!;
      expect(row.id).toBe(old.id);
      // Dates, media, attachments, deletion and the rest of the metadata as they were; the mood column null.
      expect(row).toMatchObject({
        createdAt: old.createdAt,
        updatedAt: old.updatedAt,
        entryDate: old.entryDate,
        timeZone: old.timeZone,
        deletedAt: old.deletedAt,
        contentType: old.contentType,
        mediaUrl: old.mediaUrl,
        attachments: old.attachments,
        moodTag: null,
        content: null,
      });
      expect({ ...row.metadata, encryption_iv: undefined }).toEqual({
        ...old.metadata,
        encryption_iv: undefined,
      });
      expect(row.encryptedContent).not.toBe(old.encryptedContent);
      const text = await openEntryTextV2(keys.v2, person.user.id, {
        ciphertext: row.encryptedContent!,
        iv: String(row.metadata.encryption_iv),
      });
      expect(text).toBe(
        await decryptText(keys.v1, {
          ciphertext: old.encryptedContent!,
          iv: String(old.metadata.encryption_iv),
        }),
      );
      expect(await openMoodV2(keys.v2, person.user.id, row.encryptedMood!)).toBe(old.moodTag);
    }
    // The list reads them as private entries now.
    const list = (await call(person, { method: 'GET', url: '/api/entries' })).json();
    expect(list.entries.every((entry: { encryptionVersion: number }) => entry.encryptionVersion === 2)).toBe(
      true,
    );
  });

  it('leaves the operator holding the database and ENCRYPTION_SECRET with no phrase and no mood', async () => {
    const person = await createSignedInUser(ctx);
    await seedReadableEntries(person, 12);
    const keys = await setUpPrivateMode(person);
    await run(person, keys, 'private');

    const tables = await ctx.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    let dump = '';
    for (const { table_name } of tables)
      dump += JSON.stringify(await ctx.database.query(`select * from "${table_name}"`));
    expect(dump).toContain(person.user.email);
    expect(dump).not.toContain('heron');
    for (let index = 0; index < 12; index += 1) expect(dump).not.toContain(phraseOf(index));
    for (const mood of SEEDED_MOODS) expect(dump).not.toContain(mood);
    expect(dump).not.toContain(keys.accountKeyBase64);

    // The server's own key, from ENCRYPTION_SECRET, opens no text and no mood.
    const serverKey = await v1KeyOf(person.user.id);
    for (const row of await rowsOf(person)) {
      await expect(
        decryptText(serverKey, { ciphertext: row.encryptedContent!, iv: String(row.metadata.encryption_iv) }),
      ).rejects.toThrow();
      await expect(openMoodV2(serverKey, person.user.id, row.encryptedMood!)).rejects.toThrow();
    }
  });

  it('refuses a standard account, another account’s ids, and a way the account is not going', async () => {
    const standard = await createSignedInUser(ctx);
    await seedReadableEntries(standard, 2);
    const listing = await call(standard, {
      method: 'GET',
      url: '/api/me/private-mode/re-encryption?to=private',
    });
    expect(listing.statusCode).toBe(404);
    expect(listing.json()).toMatchObject({ code: 'PRIVATE_MODE_NOT_SET_UP' });
    const [own] = await rowsOf(standard);
    const fake = {
      id: own!.id,
      encryptedContent: 'AAAA',
      encryptionIv: 'AAAAAAAAAAAAAAAA',
      encryptionVersion: 2,
      encryptedMood: 'A'.repeat(80),
    };
    const standardWrite = await reEncrypt(standard, [fake]);
    expect(standardWrite.statusCode).toBe(404);
    expect((await rowsOf(standard))[0]).toMatchObject({ encryptionVersion: 1, moodTag: own!.moodTag });

    // Another account in private mode cannot list them, or overwrite them with its own ciphertext.
    const intruder = await createSignedInUser(ctx);
    const intruderKeys = await setUpPrivateMode(intruder);
    expect((await pageOf(intruder, 'private')).entries).toEqual([]);
    const [intruderRow] = await seedReadableEntries(intruder, 1);
    const mixed = await reEncrypt(intruder, [
      await sealedPrivate(intruderKeys, intruder.user.id, {
        id: intruderRow!.id,
        encryptionVersion: 1,
        encryptedContent: intruderRow!.encryptedContent,
        encryptionIv: String(intruderRow!.metadata.encryption_iv),
        moodTag: null,
        encryptedMood: null,
      }),
      { ...fake, encryptedMood: await sealMoodV2(intruderKeys.v2, intruder.user.id, null) },
    ]);
    expect(mixed.statusCode).toBe(404);
    // The whole batch is refused: the intruder's own entry is not converted either, the other's is untouched.
    expect((await rowsOf(intruder))[0]).toMatchObject({ encryptionVersion: 1 });
    expect((await rowsOf(standard)).map((row) => row.encryptedContent)).toContain(own!.encryptedContent);

    // Back to version 1 only while switching off.
    const backwards = await call(intruder, {
      method: 'GET',
      url: '/api/me/private-mode/re-encryption?to=standard',
    });
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json()).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: PRIVATE_SWITCH_MESSAGES.notSwitchingOff,
    });
    // The schema: one way per batch, a mood that is one.
    const twoWays = await reEncrypt(intruder, [
      fake,
      {
        id: own!.id,
        encryptedContent: 'AAAA',
        encryptionIv: 'AAAAAAAAAAAAAAAA',
        encryptionVersion: 1,
        moodTag: null,
      },
    ]);
    expect(twoWays.statusCode).toBe(400);
  });

  it('skips an entry another tab converted at the same moment, and writes it once', async () => {
    const person = await createSignedInUser(ctx);
    const [row] = await seedReadableEntries(person, 1);
    const keys = await setUpPrivateMode(person);
    const [candidate] = (await pageOf(person, 'private')).entries;
    const [tabA, tabB] = await Promise.all([
      sealedPrivate(keys, person.user.id, candidate!),
      sealedPrivate(keys, person.user.id, candidate!),
    ]);
    const answers = (await Promise.all([reEncrypt(person, [tabA]), reEncrypt(person, [tabB])])).map(
      (response) => {
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      },
    );
    expect(answers.map((answer) => answer.converted.length).sort()).toEqual([0, 1]);
    expect(answers.map((answer) => answer.skipped.length).sort()).toEqual([0, 1]);
    const winner = answers[0].converted.length === 1 ? tabA : tabB;
    const [stored] = await rowsOf(person);
    expect(stored).toMatchObject({
      id: row!.id,
      encryptionVersion: 2,
      encryptedContent: winner.encryptedContent,
    });
    // A run resumed later finds nothing left, and sending it again is a skip, not an error.
    const again = await reEncrypt(person, [tabA]);
    expect(again.json()).toEqual({ converted: [], skipped: [row!.id] });
  });

  it('switches off and back: version 1 only while switching off, finished only when nothing is private', async () => {
    const person = await createSignedInUser(ctx);
    await seedReadableEntries(person, 8);
    const keys = await setUpPrivateMode(person);
    await run(person, keys, 'private');

    // Private: a version-1 save is refused, as ADR 094 has it.
    expect((await createEntry(ctx, person.cookie, person.user.id, 'readable?', 'Calm')).statusCode).toBe(409);
    // Starting the switch off needs the key's proof.
    const wrongProof = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off',
      payload: { keyProof: (await browserKeySetUp(person.user.id, PASSPHRASE)).keyProof },
    });
    expect(wrongProof.statusCode).toBe(409);
    const started = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off',
      payload: { keyProof: keys.keyProof },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({ mode: 'switching-off', readableEntries: 0, privateEntries: 8 });

    // While switching off: toward private is refused, a version-1 save is accepted (moderation as ever).
    const towardPrivate = await call(person, {
      method: 'GET',
      url: '/api/me/private-mode/re-encryption?to=private',
    });
    expect(towardPrivate.json()).toMatchObject({ code: 'PRIVATE_MODE_SWITCHING_OFF' });
    const plain = await createEntry(
      ctx,
      person.cookie,
      person.user.id,
      'written while switching off',
      'Calm',
    );
    expect(plain.statusCode, plain.body).toBe(201);

    // Halfway, finishing is refused and the key stays.
    expect(await run(person, keys, 'standard', 5)).toBe(5);
    const early = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off/finish',
      payload: { keyProof: keys.keyProof },
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'PRIVATE_ENTRIES_REMAIN',
      message: PRIVATE_SWITCH_MESSAGES.privateEntriesRemain(3),
    });
    expect(
      await ctx.database.db.select().from(privateKeys).where(eq(privateKeys.userId, person.user.id)),
    ).toHaveLength(1);

    // Cancelled: private mode again, and the five turned back are made private anew.
    const cancelled = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off/cancel',
      payload: { keyProof: keys.keyProof },
    });
    expect(cancelled.json()).toEqual({ mode: 'private', readableEntries: 6, privateEntries: 3 });
    expect(
      (await createEntry(ctx, person.cookie, person.user.id, 'readable again?', 'Calm')).json(),
    ).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: PRIVATE_MODE_MESSAGES.entryNeedsPrivateKey,
    });
    expect(await run(person, keys, 'private')).toBe(6);

    // Switched off for good this time.
    await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off',
      payload: { keyProof: keys.keyProof },
    });
    expect(await run(person, keys, 'standard')).toBe(9);
    const finished = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off/finish',
      payload: { keyProof: keys.keyProof },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toEqual({ mode: 'standard', readableEntries: 9, privateEntries: 0 });
    // The key is gone, the entries stay, each readable by the server with its mood plain again.
    expect(
      await ctx.database.db.select().from(privateKeys).where(eq(privateKeys.userId, person.user.id)),
    ).toEqual([]);
    const rows = await rowsOf(person);
    expect(rows).toHaveLength(9);
    const serverKey = await v1KeyOf(person.user.id);
    for (const row of rows) {
      expect(row).toMatchObject({ encryptionVersion: 1, encryptedMood: null });
      expect(
        await decryptText(serverKey, {
          ciphertext: row.encryptedContent!,
          iv: String(row.metadata.encryption_iv),
        }),
      ).toMatch(/heron|switching off/);
      if (row.moodTag !== null) expect(MOODS.map((mood) => mood.label)).toContain(row.moodTag);
    }
    expect(
      rows.filter((row) => row.moodTag === 'Celebrating' || row.moodTag === 'Reflective').length,
    ).toBeGreaterThan(0);
    // The owner heard of both steps.
    const mails = await ctx.database.query<{ subject: string }>(
      'select subject from email_outbox where to_address = $1',
      [person.user.email],
    );
    const subjects = mails.map((mail) => mail.subject).join('\n');
    expect(subjects).toContain('being switched off');
    expect(subjects).toContain('Private mode is off');

    // A standard account again: version 1 saves, and private mode can be set up anew and switched on.
    expect((await createEntry(ctx, person.cookie, person.user.id, 'plain again', 'Calm')).statusCode).toBe(
      201,
    );
    const again = await setUpPrivateMode(person);
    expect(await run(person, again, 'private')).toBe(10);
    expect(await switchStatus(person)).toEqual({ mode: 'private', readableEntries: 0, privateEntries: 10 });
  });

  it('never leaves a private entry without its key when a switch off finishes beside a private save', async () => {
    for (let round = 0; round < 4; round += 1) {
      const person = await createSignedInUser(ctx);
      const keys = await setUpPrivateMode(person);
      await call(person, {
        method: 'POST',
        url: '/api/me/private-mode/switch-off',
        payload: { keyProof: keys.keyProof },
      });
      const { ciphertext, iv } = await sealEntryTextV2(
        keys.v2,
        person.user.id,
        'saved from a tab still unlocked',
      );
      const [save, finish] = await Promise.all([
        call(person, {
          method: 'POST',
          url: '/api/entries',
          payload: {
            encryptedContent: ciphertext,
            encryptionIv: iv,
            encryptionVersion: 2,
            encryptedMood: await sealMoodV2(keys.v2, person.user.id, 'Calm'),
          },
        }),
        call(person, {
          method: 'POST',
          url: '/api/me/private-mode/switch-off/finish',
          payload: { keyProof: keys.keyProof },
        }),
      ]);
      const keyRows = await ctx.database.db
        .select()
        .from(privateKeys)
        .where(eq(privateKeys.userId, person.user.id));
      const privateRows = (await rowsOf(person)).filter((row) => row.encryptionVersion === 2);
      // Either the save landed first and the finish saw it, or the finish did and the save found no key.
      if (save.statusCode === 201) {
        expect(finish.json()).toMatchObject({ code: 'PRIVATE_ENTRIES_REMAIN' });
        expect(keyRows).toHaveLength(1);
        expect(privateRows).toHaveLength(1);
      } else {
        expect(save.json()).toMatchObject({ code: 'ENCRYPTION_VERSION_REFUSED' });
        expect(finish.statusCode, finish.body).toBe(200);
        expect(keyRows).toEqual([]);
        expect(privateRows).toEqual([]);
      }
    }
  });

  it('turns a private letter back to version 1 while switching off, and finishes only when none is left', async () => {
    const person = await createSignedInUser(ctx);
    const stranger = await createSignedInUser(ctx);
    const keys = await setUpPrivateMode(person);
    const userId = person.user.id;
    const letterKey = await deriveFutureMessageKeyV2(
      await importAccountKey(fromBase64(keys.accountKeyBase64)),
    );
    const [subject, message] = [
      await sealFutureMessageFieldV2(letterKey, userId, 'subject', 'to me, later'),
      await sealFutureMessageFieldV2(letterKey, userId, 'message', 'the heron came back'),
    ];
    const [letter] = await ctx.database.db
      .insert(futureMessages)
      .values({
        userId,
        encryptedContent: message.ciphertext,
        encryptionVersion: 2,
        metadata: {
          encryption_iv: message.iv,
          encrypted_title: subject.ciphertext,
          title_encryption_iv: subject.iv,
        },
        sendAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const readable = async (key: EntryKey) => {
      const [s, m] = [await encryptText(key, 'to me, later'), await encryptText(key, 'the heron came back')];
      return {
        subject: { encryptedContent: s.ciphertext, encryptionIv: s.iv },
        message: { encryptedContent: m.ciphertext, encryptionIv: m.iv },
        encryptionVersion: 1,
      };
    };
    const sendReadable = (who: Person, payload: Awaited<ReturnType<typeof readable>>) =>
      call(who, { method: 'PUT', url: `/api/future-messages/${letter!.id}/readable`, payload });

    // In private mode a readable copy is refused.
    const early = await sendReadable(person, await readable(keys.v1));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: PRIVATE_SWITCH_MESSAGES.unsealNotSwitchingOff });

    // A private letter no longer keeps a switch off from starting; it keeps it from finishing.
    const start = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off',
      payload: { keyProof: keys.keyProof },
    });
    expect(start.statusCode, start.body).toBe(200);
    const held = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off/finish',
      payload: { keyProof: keys.keyProof },
    });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      code: 'PRIVATE_ENTRIES_REMAIN',
      message: PRIVATE_SWITCH_MESSAGES.privateLettersRemain(1),
    });

    // Not the owner's: not found. Sealed under a key the server does not hold: refused.
    expect((await sendReadable(stranger, await readable(keys.v1))).statusCode).toBe(404);
    const wrong = await sendReadable(person, await readable(keys.v2));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CIPHERTEXT' });

    const turned = await sendReadable(person, await readable(keys.v1));
    expect(turned.statusCode, turned.body).toBe(200);
    expect(turned.json()).toMatchObject({ id: letter!.id, encryptionVersion: 1 });
    const [row] = await ctx.database.db
      .select()
      .from(futureMessages)
      .where(eq(futureMessages.id, letter!.id));
    const meta = row!.metadata as Record<string, string>;
    expect(row!.encryptionVersion).toBe(1);
    expect(await decryptText(keys.v1, { ciphertext: row!.encryptedContent, iv: meta.encryption_iv! })).toBe(
      'the heron came back',
    );
    expect(
      await decryptText(keys.v1, { ciphertext: meta.encrypted_title!, iv: meta.title_encryption_iv! }),
    ).toBe('to me, later');
    // Again (a resumed run): already turned, nothing written.
    const again = await sendReadable(person, await readable(keys.v1));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: PRIVATE_MODE_MESSAGES.futureMessageAlreadyReadable });

    const finish = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off/finish',
      payload: { keyProof: keys.keyProof },
    });
    expect(finish.statusCode, finish.body).toBe(200);
    expect(finish.json()).toMatchObject({ mode: 'standard' });
  });

  it('refuses a version-1 entry that the server cannot open when switching off', async () => {
    const person = await createSignedInUser(ctx);
    await seedReadableEntries(person, 1);
    const keys = await setUpPrivateMode(person);
    await run(person, keys, 'private');
    await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off',
      payload: { keyProof: keys.keyProof },
    });
    const [candidate] = (await pageOf(person, 'standard')).entries;
    // Sealed under the private key but labelled version 1: stored, nobody could read it.
    const wrong = await reEncrypt(person, [
      {
        ...(await sealedReadable(keys, person.user.id, candidate!)),
        encryptedContent: candidate!.encryptedContent,
      },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CIPHERTEXT' });
    expect((await rowsOf(person))[0]).toMatchObject({ encryptionVersion: 2 });
  });

  it('ends the shares of entries made private, and tells a recipient with an account, since the server could no longer open them', async () => {
    const person = await createSignedInUser(ctx);
    const friend = await createSignedInUser(ctx);
    await setPlan(ctx, person.user.id, 'premium');
    const [shared, kept] = await seedReadableEntries(person, 2);
    const share = await call(person, {
      method: 'POST',
      url: `/api/entries/${shared!.id}/shares`,
      payload: {
        recipients: [{ email: friend.user.email }, { email: 'no-account@example.com' }],
        consent: true,
      },
    });
    expect(share.statusCode, share.body).toBe(201);
    const keys = await setUpPrivateMode(person);
    expect(await run(person, keys, 'private')).toBe(2);

    const sent = await call(person, { method: 'GET', url: `/api/entries/${shared!.id}/shares` });
    expect(sent.json().shares.map((s: { status: string }) => s.status)).toEqual(['revoked', 'revoked']);
    const received = await call(friend, { method: 'GET', url: '/api/shares/received?page=0&pageSize=5' });
    expect(received.json().items).toEqual([]);
    const notifications = await call(friend, { method: 'GET', url: '/api/notifications' });
    expect(notifications.body).toContain('stopped sharing a journal entry with you');
    // The other entry had no share: nothing else changed.
    expect(kept).toBeTruthy();
  });
});
