import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  decryptText,
  deriveEntryKey,
  type Entry,
  IMPORT_MESSAGES,
  MODERATION_MESSAGES,
} from '@daybook/shared';
import { and, eq, notInArray } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { entries, importPreviews, mediaDrafts } from '../src/db/schema/index.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import {
  browserEncrypt,
  createEntry,
  createMediaEntry,
  createSignedInUser,
  setPlan,
} from './support/factories.ts';
import {
  checkImportArchive,
  confirmImport,
  importArchive,
  previewImport,
  readImport,
  requestConfirm,
} from './support/import.ts';
import { webmVideo } from './support/media.ts';
import { buildZip, type ZipInput } from './support/zip.ts';

const HOUR = 3600_000;

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const jpeg = (colour = '#6b8f71') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function listAll(ctx: TestContext, cookie: string): Promise<Entry[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/entries?pageSize=50',
    headers: { cookie },
  });
  return response.json().entries;
}

async function textOf(ctx: TestContext, signedIn: SignedIn, entry: Entry): Promise<string> {
  const { salt } = (
    await ctx.app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie: signedIn.cookie } })
  ).json();
  const key = await deriveEntryKey(signedIn.user.id, salt);
  return decryptText(key, { ciphertext: entry.encryptedContent!, iv: entry.encryptionIv! });
}

async function mediaBytes(ctx: TestContext, cookie: string, entryId: string): Promise<Buffer> {
  const signed = (
    await ctx.app.inject({ method: 'GET', url: `/api/entries/${entryId}/media-url`, headers: { cookie } })
  ).json();
  const url = new URL(signed.url);
  const file = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

/** Everything an import could have written for this user: entries, drafts, previews, stored files. */
async function writtenFor(ctx: TestContext, userId: string) {
  const db = ctx.database.db;
  const mediaDir = path.join(ctx.config.dataDir, 'media', userId);
  return {
    entries: (await db.select().from(entries).where(eq(entries.userId, userId))).length,
    drafts: (await db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, userId))).length,
    // Imports still under way or waiting; an outcome (a report or an error to read) holds nothing of the archive.
    previews: (
      await db
        .select()
        .from(importPreviews)
        .where(and(eq(importPreviews.userId, userId), notInArray(importPreviews.state, ['done', 'failed'])))
    ).length,
    files: existsSync(mediaDir)
      ? readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
      : 0,
  };
}

const NOTHING = { entries: 0, drafts: 0, previews: 0, files: 0 };

/**
 * A Day One JSON export as Day One writes it: Journal.json with entries (uuid, creationDate in UTC, timeZone,
 * Markdown text with dayone-moment references, tags, photos/audios with md5 and type), files named by md5.
 */
async function dayOneArchive(now: Date) {
  const photo = await jpeg();
  const longText = Array.from({ length: 200 }, (_, i) => `Paragraph ${i + 1} of a long winter evening.`).join(
    '\n\n',
  );
  const journal = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
        creationDate: '2024-03-10T02:30:00Z',
        modifiedDate: '2024-03-10T03:00:00Z',
        timeZone: 'America/Los_Angeles',
        starred: true,
        text: 'Walked by the **sea**.\n\n![](dayone-moment://P1)\n\nFelt calm.\n\n![](dayone-moment://P2)',
        tags: ['Travel', 'Family Trips'],
        photos: [
          { identifier: 'P1', md5: 'aa11bb22cc33dd44ee55ff6677889900', type: 'jpeg', orderInEntry: 0 },
          { identifier: 'P2', md5: 'ffeeddccbbaa99887766554433221100', type: 'heic', orderInEntry: 1 },
        ],
      },
      {
        uuid: 'B1B2C3D4E5F60718293A4B5C6D7E8F90',
        creationDate: '2024-03-10T23:30:00Z',
        timeZone: 'Asia/Tokyo',
        text: 'Ramen in Shinjuku #food',
        tags: ['food'],
        audios: [{ identifier: 'A1', md5: '0123456789abcdef0123456789abcdef', format: 'm4a' }],
      },
      {
        uuid: 'C1B2C3D4E5F60718293A4B5C6D7E8F90',
        creationDate: '2023-12-31T12:00:00Z',
        timeZone: 'Europe/London',
        text: longText,
        tags: ['Winter'],
      },
      {
        uuid: 'D1B2C3D4E5F60718293A4B5C6D7E8F90',
        creationDate: new Date(now.getTime() - HOUR).toISOString().replace(/\.\d+Z$/, 'Z'),
        timeZone: 'UTC',
        text: 'Written an hour ago in Day One.',
      },
    ],
  };
  const files: ZipInput[] = [
    { name: 'Journal.json', data: JSON.stringify(journal, null, 2), isDeflated: true },
    { name: 'photos/aa11bb22cc33dd44ee55ff6677889900.jpeg', data: photo },
    { name: 'photos/ffeeddccbbaa99887766554433221100.heic', data: randomBytes(2048) },
    { name: 'audios/0123456789abcdef0123456789abcdef.m4a', data: randomBytes(2048) },
  ];
  return { archive: buildZip(files), longText, photo };
}

describe('import', () => {
  const ctx = useTestApp({ RATE_LIMIT_SCALE: '100' });

  it('previews a Day One archive, then imports it with its dates, zones, themes and first photo', async () => {
    const signedIn = await createSignedInUser(ctx);
    const { archive, longText } = await dayOneArchive(ctx.clock.now());

    const preview = await previewImport(ctx, signedIn.cookie, archive);
    expect(preview).toMatchObject({
      source: 'dayone',
      archiveEntries: 4,
      newEntries: 5, // the long entry becomes two
      duplicates: 0,
      media: 1,
      firstDate: '2023-12-31',
    });
    expect(preview.skipped.map((s) => s.item).sort()).toEqual([
      'audios/0123456789abcdef0123456789abcdef.m4a',
      'photos/ffeeddccbbaa99887766554433221100.heic',
    ]);
    // Every attachment comes in (ADR 088) but a HEIC, which Daybook cannot keep: it is named.
    expect(preview.skipped.find((s) => s.item.endsWith('.heic'))!.reason).toBe(
      'Entry of 2024-03-09: this file type is not supported.',
    );
    expect(preview.skipped.find((s) => s.item.endsWith('.m4a'))!.reason).toContain('Entry of 2024-03-11');
    // Nothing is an entry until the person confirms.
    expect((await writtenFor(ctx, signedIn.user.id)).entries).toBe(0);

    const report = await confirmImport(ctx, signedIn.cookie, preview.id);
    expect(report).toMatchObject({
      imported: 5,
      duplicates: 0,
      media: 1,
      skippedCount: 2,
      crisisResources: null,
    });

    const list = await listAll(ctx, signedIn.cookie);
    expect(list).toHaveLength(5);
    const byText = new Map<string, Entry>();
    for (const entry of list) byText.set(await textOf(ctx, signedIn, entry), entry);

    // 02:30 UTC on 10 March is still 9 March in Los Angeles; 23:30 UTC is already 11 March in Tokyo.
    // The photo that came in stands where Day One showed it; the HEIC's reference goes (ADR 088).
    const sea = byText.get(
      'Walked by the **sea**.\n\n![Photo 1](attachment:1)\n\nFelt calm.\n\nStarred\n\n#travel #family-trips',
    )!;
    expect(sea).toMatchObject({ entryDate: '2024-03-09', createdAt: '2024-03-10T02:30:00.000Z' });
    expect(sea.contentType).toBe('image');
    await expect(sharp(await mediaBytes(ctx, signedIn.cookie, sea.id)).metadata()).resolves.toMatchObject({
      format: 'jpeg',
      width: 320,
    });
    const ramen = byText.get('Ramen in Shinjuku #food')!;
    expect(ramen).toMatchObject({ entryDate: '2024-03-11', contentType: 'text', mediaUrl: null });

    const winter = [...byText.entries()].filter(([text]) => text.includes('long winter evening'));
    expect(winter).toHaveLength(2);
    for (const [text, entry] of winter) {
      expect(text.length).toBeLessThanOrEqual(5000);
      expect(text.endsWith('\n\n#winter')).toBe(true);
      expect(entry.entryDate).toBe('2023-12-31');
    }
    // Newest first, the parts read in order, the first at the entry's own time (ADR 070).
    const joined = winter
      .sort(([, a], [, b]) => b.createdAt.localeCompare(a.createdAt))
      .map(([text]) => text.replace(/\n\n\(part \d of 2\)\n\n#winter$/, ''))
      .join('\n\n');
    expect(joined).toBe(longText);
    expect(winter.map(([, entry]) => entry.createdAt)).toContain('2023-12-31T12:00:00.000Z');

    // The zone each entry was written in (Day One's timeZone) is kept with it and returned (ADR 066).
    expect(sea.timeZone).toBe('America/Los_Angeles');
    expect(ramen.timeZone).toBe('Asia/Tokyo');
    const rows = await ctx.database.db.select().from(entries).where(eq(entries.userId, signedIn.user.id));
    expect(rows.find((r) => r.id === sea.id)).toMatchObject({
      timeZone: 'America/Los_Angeles',
      metadata: { encryption_iv: expect.any(String) },
    });
    expect(rows.find((r) => r.id === sea.id)!.metadata).not.toHaveProperty('time_zone');
    // The preview is used up.
    expect((await requestConfirm(ctx, signedIn.cookie, preview.id)).json().message).toBe(
      IMPORT_MESSAGES.expired,
    );
    expect(await writtenFor(ctx, signedIn.user.id)).toMatchObject({ drafts: 0, previews: 0 });
  });

  it("never refuses a person's own past writing for its words; a present crisis ends the report with the crisis resources once (ADR 063)", async () => {
    const signedIn = await createSignedInUser(ctx);
    const texts = [
      "I'm going to kill myself tonight, I have the pills here",
      'I want to end my life, there is no other way out.',
      'You are a worthless piece of shit and I hate all immigrants.',
    ];
    const journal = {
      metadata: { version: '1.0' },
      entries: texts.map((text, index) => ({
        uuid: `E${index}B2C3D4E5F60718293A4B5C6D7E8F90`,
        creationDate: `2019-0${index + 1}-10T20:00:00Z`,
        timeZone: 'UTC',
        text,
      })),
    };
    const archive = buildZip([{ name: 'Journal.json', data: JSON.stringify(journal), isDeflated: true }]);

    const { preview, report } = await importArchive(ctx, signedIn.cookie, archive);
    expect(preview).toMatchObject({ newEntries: 3, skippedCount: 0 });
    expect(report).toMatchObject({
      imported: 3,
      skippedCount: 0,
      crisisResources: MODERATION_MESSAGES.crisis,
    });
    const imported = await listAll(ctx, signedIn.cookie);
    expect((await Promise.all(imported.map((entry) => textOf(ctx, signedIn, entry)))).sort()).toEqual(
      [...texts].sort(),
    );
  });

  it('adds nothing when the same archive is imported again; a new upload replaces a preview still waiting', async () => {
    const signedIn = await createSignedInUser(ctx);
    const { archive } = await dayOneArchive(ctx.clock.now());
    await importArchive(ctx, signedIn.cookie, archive);
    const before = await writtenFor(ctx, signedIn.user.id);

    const again = await previewImport(ctx, signedIn.cookie, archive);
    expect(again).toMatchObject({ archiveEntries: 4, newEntries: 0, duplicates: 4, media: 0 });
    expect(await confirmImport(ctx, signedIn.cookie, again.id)).toMatchObject({ imported: 0 });

    // A second upload while a preview waits replaces it: one import per person at a time (ADR 077).
    const other = await createSignedInUser(ctx);
    const first = await previewImport(ctx, other.cookie, archive);
    const second = await previewImport(ctx, other.cookie, archive);
    expect(second.newEntries).toBe(5);
    expect((await requestConfirm(ctx, other.cookie, first.id)).json().message).toBe(IMPORT_MESSAGES.expired);
    expect(await confirmImport(ctx, other.cookie, second.id)).toMatchObject({ imported: 5 });

    expect(await writtenFor(ctx, signedIn.user.id)).toEqual(before);
    expect(await writtenFor(ctx, other.user.id)).toEqual({ ...before, drafts: 0, previews: 0 });
  });

  describe('refuses a bad archive with a clear message and writes nothing', () => {
    const journal = (entriesJson: unknown[]) =>
      JSON.stringify({ metadata: { version: '1.0' }, entries: entriesJson });
    const goodEntry = (uuid: string, md5?: string) => ({
      uuid,
      creationDate: '2022-05-01T10:00:00Z',
      timeZone: 'UTC',
      text: 'A day',
      ...(md5 ? { photos: [{ identifier: 'X', md5, type: 'jpeg' }] } : {}),
    });

    it.each([
      ['not a zip', async () => Buffer.from('This is a text file, not an archive.'), IMPORT_MESSAGES.notZip],
      [
        'a zip bomb',
        async () =>
          buildZip([
            { name: 'Journal.json', data: journal([goodEntry('BOMB')]) },
            { name: 'photos/zeros.jpeg', data: Buffer.alloc(20 * 1024 * 1024), isDeflated: true },
          ]),
        IMPORT_MESSAGES.bomb,
      ],
      [
        'a path escaping the folder',
        async () =>
          buildZip([
            { name: 'Journal.json', data: journal([goodEntry('ESCAPE')]) },
            { name: 'photos/../../outside.txt', data: 'gotcha' },
          ]),
        IMPORT_MESSAGES.unsafePath('photos/../../outside.txt'),
      ],
      [
        'an absolute path',
        async () =>
          buildZip([
            { name: 'Journal.json', data: journal([goodEntry('ABSOLUTE')]) },
            { name: '/etc/cron.d/job', data: 'gotcha' },
          ]),
        IMPORT_MESSAGES.unsafePath('/etc/cron.d/job'),
      ],
      [
        'a symbolic link',
        async () =>
          buildZip([
            { name: 'Journal.json', data: journal([goodEntry('LINK')]) },
            { name: 'photos/link.jpeg', data: '/etc/passwd', unixMode: 0o120777 },
          ]),
        IMPORT_MESSAGES.symlink('photos/link.jpeg'),
      ],
      [
        'JSON that is not JSON',
        async () => buildZip([{ name: 'Journal.json', data: '{"entries": [' }]),
        IMPORT_MESSAGES.badJson('Journal.json', 'it is not valid JSON.'),
      ],
      [
        'JSON of the wrong shape',
        async () =>
          buildZip([{ name: 'Journal.json', data: journal([{ uuid: 'W', creationDate: 'yesterday' }]) }]),
        IMPORT_MESSAGES.badJson('Journal.json', 'entries.0.creationDate: Invalid ISO datetime.'),
      ],
      [
        'neither export',
        async () => buildZip([{ name: 'notes/today.txt', data: 'hello' }]),
        IMPORT_MESSAGES.unknownFormat,
      ],
      [
        'a photo that is not a photo (after a good one)',
        async () =>
          buildZip([
            {
              name: 'Journal.json',
              data: journal([goodEntry('GOOD', 'aaaaaaaaaaaaaaaa'), goodEntry('FORGED', 'bbbbbbbbbbbbbbbb')]),
            },
            { name: 'photos/aaaaaaaaaaaaaaaa.jpeg', data: await jpeg('#223344') },
            { name: 'photos/bbbbbbbbbbbbbbbb.jpeg', data: randomBytes(4096) },
          ]),
        IMPORT_MESSAGES.badMedia('photos/bbbbbbbbbbbbbbbb.jpeg', 'Please select a valid image file'),
      ],
    ])('%s', async (_name, build, message) => {
      const signedIn = await createSignedInUser(ctx);
      const checked = await checkImportArchive(ctx, signedIn.cookie, await build());
      expect(checked.state).toBe('failed');
      expect(checked.error?.message).toBe(message);
      expect(checked.preview).toBeNull();
      expect(await writtenFor(ctx, signedIn.user.id)).toEqual(NOTHING);
    });

    it('an upload without a file', async () => {
      const signedIn = await createSignedInUser(ctx);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/import',
        headers: { cookie: signedIn.cookie, 'content-type': 'application/json' },
        payload: {},
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(IMPORT_MESSAGES.noFile);
    });
  });

  it("does not let another user read, confirm or drop someone's import", async () => {
    const owner = await createSignedInUser(ctx);
    const stranger = await createSignedInUser(ctx);
    const { archive } = await dayOneArchive(ctx.clock.now());
    const preview = await previewImport(ctx, owner.cookie, archive);

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/import/${preview.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(read.statusCode).toBe(404);
    const current = await ctx.app.inject({
      method: 'GET',
      url: '/api/import/current',
      headers: { cookie: stranger.cookie },
    });
    expect(current.json()).toBeNull();
    const confirmed = await requestConfirm(ctx, stranger.cookie, preview.id);
    expect(confirmed.statusCode).toBe(404);
    const dropped = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/import/${preview.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(dropped.statusCode).toBe(404);
    expect(await writtenFor(ctx, stranger.user.id)).toEqual(NOTHING);

    expect((await readImport(ctx, owner.cookie, preview.id)).state).toBe('ready');
    expect(await confirmImport(ctx, owner.cookie, preview.id)).toMatchObject({ imported: 5, media: 1 });
  });

  it('drops a preview with its validated media when asked', async () => {
    const signedIn = await createSignedInUser(ctx);
    const { archive } = await dayOneArchive(ctx.clock.now());
    const preview = await previewImport(ctx, signedIn.cookie, archive);
    expect((await writtenFor(ctx, signedIn.user.id)).drafts).toBe(1);
    const dropped = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/import/${preview.id}`,
      headers: { cookie: signedIn.cookie },
    });
    expect(dropped.statusCode).toBe(204);
    expect(await writtenFor(ctx, signedIn.user.id)).toEqual(NOTHING);
  });

  it('imports without spending the daily entry limit, and imported entries keep their text but can be deleted at any time (ADR 068)', async () => {
    const signedIn = await createSignedInUser(ctx);
    const { archive } = await dayOneArchive(ctx.clock.now());
    await importArchive(ctx, signedIn.cookie, archive);

    const limit = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/entries/limits/daily',
        headers: { cookie: signedIn.cookie },
      })
    ).json();
    expect(limit).toMatchObject({ allowed: true, limit: 3, used: 0 });
    for (const text of ['one', 'two', 'three']) {
      expect((await createEntry(ctx, signedIn.cookie, signedIn.user.id, text)).statusCode).toBe(201);
    }

    // Even the entry Day One wrote an hour ago, inside the 12-hour window, cannot be edited here; it can be deleted.
    const imported = [];
    for (const entry of await listAll(ctx, signedIn.cookie)) {
      if ((await textOf(ctx, signedIn, entry)) === 'Written an hour ago in Day One.') imported.push(entry);
    }
    expect(imported).toHaveLength(1);
    const hourOld = imported[0]!;
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/entries/${hourOld.id}`,
      headers: { cookie: signedIn.cookie },
      payload: await browserEncrypt(ctx, signedIn.cookie, signedIn.user.id, 'Changed'),
    });
    expect(edited.statusCode).toBe(403);
    expect(edited.json().code).toBe('EDIT_WINDOW_EXPIRED');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${hourOld.id}`,
      headers: { cookie: signedIn.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // An imported entry years old is deleted like any other (the daily deletion limit still counts it).
    const old = (await listAll(ctx, signedIn.cookie)).find((entry) => entry.entryDate === '2023-12-31')!;
    expect(old.isImported).toBe(true);
    const deletedOld = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${old.id}`,
      headers: { cookie: signedIn.cookie },
    });
    expect(deletedOld.statusCode, deletedOld.body).toBe(200);
    expect(deletedOld.json()).toMatchObject({ remaining: 3 });
    const written = (await listAll(ctx, signedIn.cookie)).filter((entry) => !entry.isImported);
    expect(written).toHaveLength(3);
  });

  it('round trip: a Daybook archive imported into a new account gives the same entries, moods, dates, zones and media', async () => {
    // 21:30 on 4 July in New York, already 5 July in the author's account zone.
    ctx.clock.set(new Date('2026-07-05T01:30:00Z'));
    const author = await createSignedInUser(ctx, { timezone: 'UTC' });
    const photo = {
      type: 'image',
      file: await jpeg('#884422'),
      filename: 'p.jpg',
      contentType: 'image/jpeg',
    } as const;
    const withPhoto = await createMediaEntry(ctx, author, photo, 'Harbour at dusk #sea', { moodTag: 'Calm' });
    expect(withPhoto.statusCode, withPhoto.body).toBe(201);
    ctx.clock.advance(60_000);
    expect(
      (
        await createEntry(ctx, author.cookie, author.user.id, 'Plain *markdown* day', 'Happy', {
          timeZone: 'America/New_York',
        })
      ).statusCode,
    ).toBe(201);

    // The real exporter's archive, as the person downloads it from /export.
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/archive',
      headers: { cookie: author.cookie },
    });
    expect(exported.statusCode).toBe(200);
    const archive = exported.rawPayload;
    const reader = await createSignedInUser(ctx);
    const { report } = await importArchive(ctx, reader.cookie, archive);
    expect(report).toMatchObject({ imported: 2, media: 1, skippedCount: 0 });

    const original = await listAll(ctx, author.cookie);
    expect(original.map((entry) => [entry.timeZone, entry.entryDate])).toEqual([
      ['America/New_York', '2026-07-04'],
      ['UTC', '2026-07-05'],
    ]);
    const copy = await listAll(ctx, reader.cookie);
    expect(copy).toHaveLength(original.length);
    for (const [index, entry] of original.entries()) {
      const twin = copy[index]!;
      expect(await textOf(ctx, reader, twin)).toBe(await textOf(ctx, author, entry));
      expect(twin).toMatchObject({
        moodTag: entry.moodTag,
        entryDate: entry.entryDate,
        timeZone: entry.timeZone,
        createdAt: entry.createdAt,
        contentType: entry.contentType,
      });
      if (entry.mediaUrl) {
        expect(
          (await mediaBytes(ctx, reader.cookie, twin.id)).equals(
            await mediaBytes(ctx, author.cookie, entry.id),
          ),
        ).toBe(true);
      }
    }
  });

  it('brings in the attachments a lower plan left out once the plan can hold them, into the entries already there (ADR 062)', async () => {
    // A Premium author's video entry and a text entry, exported as the person downloads them.
    const author = await createSignedInUser(ctx);
    await setPlan(ctx, author.user.id, 'premium');
    const walk = {
      type: 'video',
      file: webmVideo(2),
      filename: 'walk.webm',
      contentType: 'video/webm',
    } as const;
    const video = await createMediaEntry(ctx, author, walk, 'The walk by the river');
    expect(video.statusCode, video.body).toBe(201);
    expect((await createEntry(ctx, author.cookie, author.user.id, 'A quiet day')).statusCode).toBe(201);
    const archive = (
      await ctx.app.inject({ method: 'GET', url: '/api/export/archive', headers: { cookie: author.cookie } })
    ).rawPayload;

    // On Free the video cannot come in: the entry does, without it, and the preview says why.
    const reader = await createSignedInUser(ctx);
    const first = await importArchive(ctx, reader.cookie, archive);
    expect(first.preview).toMatchObject({ newEntries: 2, media: 0, attachments: 0, skippedCount: 1 });
    expect(first.report).toMatchObject({ imported: 2, media: 0, attachments: 0 });

    // Still on Free, importing again adds nothing and offers nothing.
    const unchanged = await previewImport(ctx, reader.cookie, archive);
    expect(unchanged).toMatchObject({ newEntries: 0, duplicates: 2, attachments: 0 });

    // After upgrading, the same archive brings the video to the entry that was imported without it.
    await setPlan(ctx, reader.user.id, 'premium');
    const again = await previewImport(ctx, reader.cookie, archive);
    expect(again).toMatchObject({ newEntries: 0, duplicates: 2, media: 1, attachments: 1 });
    const report = await confirmImport(ctx, reader.cookie, again.id);
    expect(report).toMatchObject({ imported: 0, duplicates: 2, media: 1, attachments: 1 });
    const copy = await listAll(ctx, reader.cookie);
    expect(copy).toHaveLength(2);
    const withVideo = copy.find((entry) => entry.contentType === 'video')!;
    expect(await textOf(ctx, reader, withVideo)).toBe('The walk by the river');
    expect(
      (await mediaBytes(ctx, reader.cookie, withVideo.id)).equals(
        await mediaBytes(ctx, author.cookie, video.json().entry.id),
      ),
    ).toBe(true);

    // Once it has come in, a further import offers it no more, and leaves no draft behind.
    const done = await previewImport(ctx, reader.cookie, archive);
    expect(done).toMatchObject({ newEntries: 0, media: 0, attachments: 0 });
    expect(
      await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, reader.user.id)),
    ).toEqual([]);
  });
});
