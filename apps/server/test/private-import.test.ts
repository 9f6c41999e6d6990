import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ArchiveJsonFiles,
  ArchiveManifest,
  buildArchive,
  decryptText,
  deriveEntryKey,
  deriveEntryKeyV2,
  deriveImportKeyV2,
  deriveMediaKeyV2,
  type EntryKey,
  EXPORT_MESSAGES,
  importAccountKey,
  importAttachmentMime,
  isUserSealedMedia,
  mediaHeaderOf,
  openEntryTextV2,
  openMediaInBrowser,
  openMoodV2,
  PRIVATE_IMPORT_MESSAGES,
  PRIVATE_MODE,
  type PrivateImportAttachmentStager,
  type PrivateImportEntry,
  type PrivateImportTransport,
  previewPrivateImport,
  privateNameOfStoredImportKey,
  runPrivateImport,
  type SealedExportEntry,
  SealedExportPage,
  sealEntryTextV2,
  sealMediaInBrowser,
  sealMoodV2,
} from '@daybook/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { entries, users } from '../src/db/schema/index.ts';
import { createEntryKeys } from '../src/infra/crypto/entry-keys.ts';
import { createMediaKeys } from '../src/infra/crypto/media-cipher.ts';
import { premiumUser } from './sharing-support.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { browserEncrypt, clientAddress, createSignedInUser } from './support/factories.ts';
import { importArchive } from './support/import.ts';
import { expectOpensNothing, jpegWithGps, multipartFiles, wav } from './support/media.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';
import { buildZip, unzip } from './support/zip.ts';

/*
 * Export and import of a private-mode account, built in the browser (ADR 099), through the real app on a real
 * database. The browser's part is the shared code the web runs (packages/shared: archive-reader, private-import-run,
 * archive-build) with the app's routes as its transport; only the zip around the files is the web's (fflate), and
 * is tested there. The server sees keyed names, dates and ciphertext.
 */

const PASSPHRASE = 'herons fold their necks in flight';
type Person = Awaited<ReturnType<typeof createSignedInUser>>;

/** A Day One export as Day One writes it (ADR 070): two journals, tags, details, a long entry, a photo reference. */
const DAY_ONE_PHRASES = [
  'Temple bells at dawn',
  'bullet train',
  'Kiyomizu-dera',
  'house with too many doors',
];
function dayOneSample(): Map<string, string> {
  const long = Array.from({ length: 150 }, (_, i) => `Dream fragment ${i + 1}: a house with too many doors.`);
  const travel = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'AA000000000000000000000000000001',
        creationDate: '2022-05-14T09:00:00Z',
        timeZone: 'Asia/Tokyo',
        text: 'Temple bells at dawn\\.\n\n![](dayone-moment://PHOTO1)',
        tags: ['Japan', '2022'],
        starred: true,
        location: { placeName: 'Kiyomizu-dera', localityName: 'Kyoto', country: 'Japan', latitude: 34.99 },
        weather: { conditionsDescription: 'Mostly Clear', temperatureCelsius: 14.6 },
        photos: [{ identifier: 'PHOTO1', md5: '1f0e2d3c4b5a69788796a5b4c3d2e1f0', type: 'jpeg' }],
      },
      {
        uuid: 'AA000000000000000000000000000002',
        creationDate: '2022-05-15T03:00:00Z',
        timeZone: 'Asia/Tokyo',
        text: 'The bullet train, silent.',
      },
    ],
  };
  const dreams = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'BB000000000000000000000000000001',
        creationDate: '2023-01-02T06:30:00Z',
        timeZone: 'Europe/Berlin',
        text: long.join('\n\n'),
      },
    ],
  };
  const folder = 'Export - Day One 2024-11-02/';
  return new Map([
    [`${folder}Travel.json`, JSON.stringify(travel)],
    [`${folder}Dreams.json`, JSON.stringify(dreams)],
    [`${folder}photos/1f0e2d3c4b5a69788796a5b4c3d2e1f0.jpeg`, 'not read: attachments stay out for now'],
  ]);
}

/** An archive's files as the browser's reader sees them once unzipped (the web unzips with fflate). */
function archiveFiles(files: Map<string, string | Buffer>): ArchiveJsonFiles {
  return {
    names: new Set(files.keys()),
    sizeOf: (file) => Buffer.byteLength(files.get(file) ?? ''),
    text: async (file) => String(files.get(file) ?? ''),
  };
}

/** A Day One entry with a photo, a voice note (`aac` written as `.m4a`) and a PDF, each referenced in its text. */
const PICNIC = 'Picnic by the lake';
function dayOneWithAttachments(photo: Buffer, voice: Buffer, pdf: Buffer): Map<string, string | Buffer> {
  const md5 = (digit: string) => digit.repeat(32);
  const journal = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'CC000000000000000000000000000001',
        creationDate: '2022-06-01T10:00:00Z',
        timeZone: 'Europe/Paris',
        text: `${PICNIC}\\.\n\n![](dayone-moment://P1)\n\nThe ducks:\n\n![](dayone-moment://A1)`,
        photos: [{ identifier: 'P1', md5: md5('a'), type: 'jpeg', orderInEntry: 0 }],
        audios: [{ identifier: 'A1', md5: md5('b'), format: 'aac', orderInEntry: 1 }],
        pdfAttachments: [{ identifier: 'D1', md5: md5('c'), type: 'pdf', orderInEntry: 2 }],
      },
    ],
  };
  return new Map<string, string | Buffer>([
    ['Journal.json', JSON.stringify(journal)],
    [`photos/${md5('a')}.jpeg`, photo],
    [`audios/${md5('b')}.m4a`, voice],
    [`pdfs/${md5('c')}.pdf`, pdf],
  ]);
}

describe('private-mode export and import in the browser', () => {
  const ctx = useTestApp();

  const call = (person: Person, options: InjectOptions) =>
    ctx.app.inject({
      remoteAddress: clientAddress(),
      ...options,
      headers: { cookie: person.cookie, ...options.headers },
    });

  /** Sets up private mode for a person as their browser does; the keys their browser then holds. */
  async function turnPrivate(person: Person) {
    const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
    const accountKey = await importAccountKey(keys.accountKey);
    return {
      entryKey: await deriveEntryKeyV2(accountKey),
      nameKey: await deriveImportKeyV2(accountKey),
      mediaKey: await deriveMediaKeyV2(accountKey),
      accountKeyBase64: keys.accountKeyBase64,
    };
  }

  async function privatePerson() {
    const person = await createSignedInUser(ctx);
    return { person, ...(await turnPrivate(person)) };
  }

  /** The web's transport, through the app. */
  const transport = (person: Person): PrivateImportTransport => ({
    async known(check) {
      const response = await call(person, {
        method: 'POST',
        url: '/api/import/private/known',
        payload: check,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
    async createBatch(source) {
      const response = await call(person, {
        method: 'POST',
        url: '/api/import/private/batches',
        payload: { source },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    async upload(batchId, sealed) {
      const response = await call(person, {
        method: 'POST',
        url: `/api/import/private/batches/${batchId}/entries`,
        payload: { entries: sealed },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
  });

  async function sealedEntry(
    key: EntryKey,
    userId: string,
    text: string,
    fields: Partial<PrivateImportEntry> = {},
  ): Promise<PrivateImportEntry> {
    const { ciphertext, iv } = await sealEntryTextV2(key, userId, text);
    return {
      name: `pk:${Buffer.from(randomUUID() + randomUUID())
        .toString('base64url')
        .slice(0, 43)}`,
      entryId: null,
      encryptedContent: ciphertext,
      encryptionIv: iv,
      encryptedMood: await sealMoodV2(key, userId, 'Calm'),
      entryDate: '2021-03-04',
      timeZone: 'Europe/Paris',
      createdAt: '2021-03-04T08:00:00.000Z',
      updatedAt: '2021-03-04T08:00:00.000Z',
      sourceType: 'journal',
      mediaDraftId: null,
      attachmentDraftIds: [],
      ...fields,
    };
  }

  /** Every entry of the person's journal, opened as their browser opens it. */
  async function readJournal(person: Person, entryKey: EntryKey) {
    const rows = await ctx.database.db.select().from(entries).where(eq(entries.userId, person.user.id));
    return Promise.all(
      rows.map(async (row) => ({
        row,
        text: await openEntryTextV2(entryKey, person.user.id, {
          ciphertext: row.encryptedContent!,
          iv: String(row.metadata.encryption_iv),
        }),
        mood: await openMoodV2(entryKey, person.user.id, row.encryptedMood!),
      })),
    );
  }

  it('writes sealed batches for the owner only, skips names already there, and undoes exactly the batch', async () => {
    const { person, entryKey } = await privatePerson();
    const userId = person.user.id;
    const batch = (
      await call(person, {
        method: 'POST',
        url: '/api/import/private/batches',
        payload: { source: 'dayone' },
      })
    ).json().id;
    const first = await sealedEntry(entryKey, userId, 'first of the batch');
    const second = await sealedEntry(entryKey, userId, 'second of the batch', { entryDate: '2021-03-05' });
    const upload = (payload: Record<string, unknown>, batchId = batch, who = person) =>
      call(who, { method: 'POST', url: `/api/import/private/batches/${batchId}/entries`, payload });

    const written = await upload({ entries: [first, second] });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toEqual({ imported: [first.name, second.name], duplicates: [], leftOut: [] });
    // Sent again (a resumed import): nothing added.
    expect((await upload({ entries: [first] })).json()).toEqual({
      imported: [],
      duplicates: [first.name],
      leftOut: [],
    });

    const rows = await ctx.database.db.select().from(entries).where(eq(entries.userId, userId));
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({ encryptionVersion: 2, moodTag: null, content: null, importBatchId: batch });
    const known = await call(person, {
      method: 'POST',
      url: '/api/import/private/known',
      payload: { names: [first.name, (await sealedEntry(entryKey, userId, 'x')).name] },
    });
    expect(known.json()).toEqual({ names: [first.name], entryIds: [] });

    // Outside the daily limit, as any import: 12 more in one day.
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sealedEntry(entryKey, userId, `old day ${i}`)),
    );
    expect((await upload({ entries: many })).json().imported).toHaveLength(12);

    // Another account cannot write into this batch, nor a standard account use the route at all.
    const { person: stranger, entryKey: strangerKey } = await privatePerson();
    const intruder = await upload(
      { entries: [await sealedEntry(strangerKey, stranger.user.id, 'intruding')] },
      batch,
      stranger,
    );
    expect(intruder.statusCode).toBe(404);
    const standard = await createSignedInUser(ctx);
    const refused = await call(standard, {
      method: 'POST',
      url: '/api/import/private/batches',
      payload: { source: 'dayone' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: PRIVATE_IMPORT_MESSAGES.onlyPrivate,
    });
    // Nor page its entries as stored: its archive is the server's to make.
    const sealedPage = await call(standard, { method: 'GET', url: '/api/export/sealed' });
    expect(sealedPage.statusCode).toBe(409);
    expect(sealedPage.json().message).toBe(EXPORT_MESSAGES.sealedOnlyPrivate);
    // The private account's pages hold its own entries only (the stranger's upload above wrote none here).
    const page = SealedExportPage.parse(
      (await call(person, { method: 'GET', url: '/api/export/sealed' })).json(),
    );
    expect(page.entries).toHaveLength(14);
    expect(page.isLast).toBe(true);
    expect((await call(person, { method: 'GET', url: '/api/export/sealed?afterId=x' })).statusCode).toBe(400);

    // Bad input, each with its own message.
    const bad = async (entry: Record<string, unknown>, field: string) => {
      const response = await upload({ entries: [entry] });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message, field).toMatch(/\S/);
    };
    await bad({ ...first, name: 'dayone:AA01' }, 'a plain identity');
    await bad({ ...first, encryptedMood: undefined }, 'no sealed mood');
    await bad({ ...first, moodTag: 'Calm', encryptedMood: 'short' }, 'a short sealed mood');
    await bad({ ...first, entryDate: '2021-13-40' }, 'an impossible day');
    await bad({ ...first, timeZone: 'Mars/Olympus' }, 'an unknown zone');
    const future = await upload({
      entries: [await sealedEntry(entryKey, userId, 'tomorrow', { createdAt: '2999-01-01T00:00:00.000Z' })],
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(PRIVATE_IMPORT_MESSAGES.futureDate);
    expect((await upload({ entries: [] })).statusCode).toBe(400);
    expect((await upload({ entries: [first] }, 'not-a-uuid')).statusCode).toBe(400);
    expect((await upload({ entries: [first, first] })).json().message).toBe(
      PRIVATE_IMPORT_MESSAGES.sameNameTwice,
    );

    // An entry written by hand stays when the batch is removed; the batch's 14 entries go.
    const own = await call(person, {
      method: 'POST',
      url: '/api/entries',
      payload: {
        encryptedContent: (await sealEntryTextV2(entryKey, userId, 'written today')).ciphertext,
        encryptionIv: (await sealEntryTextV2(entryKey, userId, 'written today')).iv,
        encryptionVersion: 2,
        encryptedMood: await sealMoodV2(entryKey, userId, null),
      },
    });
    expect(own.statusCode, own.body).toBe(201);
    const batches = (await call(person, { method: 'GET', url: '/api/import/batches' })).json();
    expect(batches).toMatchObject([{ id: batch, source: 'dayone', entries: 14 }]);
    expect((await call(stranger, { method: 'DELETE', url: `/api/import/batches/${batch}` })).statusCode).toBe(
      404,
    );
    const removed = await call(person, { method: 'DELETE', url: `/api/import/batches/${batch}` });
    expect(removed.json()).toEqual({ removed: 14 });
    const left = await ctx.database.db.select().from(entries).where(eq(entries.userId, userId));
    expect(left.map((row) => row.id)).toEqual([own.json().entry.id]);
  });

  it('adds nothing when a Day One export the server imported before private mode is imported again after switching on', async () => {
    const person = await createSignedInUser(ctx);
    // Without the photo, whose stand-in bytes the server import would refuse as an image.
    const sample = new Map([...dayOneSample()].filter(([name]) => !name.includes('/photos/')));
    await importArchive(ctx, person.cookie, buildZip([...sample].map(([name, data]) => ({ name, data }))));
    const imported = await ctx.database.db.select().from(entries).where(eq(entries.userId, person.user.id));
    expect(imported.length).toBeGreaterThan(3);
    expect(imported.every((row) => row.importKey?.startsWith('dayone:'))).toBe(true);
    // The keys are the switch on's, so a standard account has none to rename.
    const early = await call(person, { method: 'GET', url: '/api/me/private-mode/import-keys' });
    expect(early.statusCode).toBe(404);

    const { nameKey } = await turnPrivate(person);
    const preview = () =>
      previewPrivateImport({
        files: archiveFiles(sample),
        fallbackZone: 'UTC',
        nameKey,
        transport: transport(person),
        now: new Date(),
      });
    // Before the switch on's step: every entry would come in again (ADR 099's note).
    expect((await preview()).duplicates).toBe(0);

    // The browser's step: each plain key named under the account's import key, sent back.
    const page = await call(person, { method: 'GET', url: '/api/me/private-mode/import-keys' });
    const { items, total } = page.json<{ items: { id: string; importKey: string }[]; total: number }>();
    expect(total).toBe(imported.length);
    const keys = await Promise.all(
      items.map(async (item) => ({
        id: item.id,
        from: item.importKey,
        to: await privateNameOfStoredImportKey(nameKey, item.importKey),
      })),
    );
    const renamed = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/import-keys',
      payload: { keys },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().rekeyed).toHaveLength(imported.length);
    // Again (another tab, a resumed run): nothing left, nothing renamed twice.
    const again = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/import-keys',
      payload: { keys },
    });
    expect(again.json()).toMatchObject({ rekeyed: [] });
    // Another account cannot rename this one's entries.
    const { person: stranger } = await privatePerson();
    const foreign = await call(stranger, {
      method: 'POST',
      url: '/api/me/private-mode/import-keys',
      payload: { keys: keys.map((key) => ({ ...key, from: key.to, to: key.to })) },
    });
    expect(foreign.json()).toMatchObject({ rekeyed: [] });
    // A link between imported entries still leads to the entry: the browser asks by its keyed name.
    const linked = keys.find((key) => !key.to.includes('#'))!;
    const byKeyedName = (who: typeof person) =>
      call(who, { method: 'GET', url: `/api/entries/imported/pk/${linked.to.slice('pk:'.length)}` });
    const found = await byKeyedName(person);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().id).toBe(linked.id);
    expect((await byKeyedName(stranger)).statusCode).toBe(404);
    const [source, ref] = linked.from.split(':') as [string, string];
    expect(
      (await call(person, { method: 'GET', url: `/api/entries/imported/${source}/${ref}` })).statusCode,
    ).toBe(404);

    const after = await preview();
    expect(after).toMatchObject({ newEntries: 0, duplicates: 3 });
    const report = await runPrivateImport({
      preview: after,
      userId: person.user.id,
      entryKey: await deriveEntryKeyV2(await importAccountKey(new Uint8Array(32))),
      transport: transport(person),
    });
    expect(report.imported).toBe(0);
    expect(
      await ctx.database.db.select().from(entries).where(eq(entries.userId, person.user.id)),
    ).toHaveLength(imported.length);
  });

  it('imports a Day One export in the browser: the same entries, and the operator reads none of it', async () => {
    const { person, entryKey, nameKey, accountKeyBase64 } = await privatePerson();
    const files = archiveFiles(dayOneSample());
    const preview = await previewPrivateImport({
      files,
      fallbackZone: 'UTC',
      nameKey,
      transport: transport(person),
      now: new Date(),
    });
    expect(preview).toMatchObject({
      source: 'dayone',
      archiveEntries: 3,
      duplicates: 0,
      firstDate: '2022-05-14',
      lastDate: '2023-01-02',
      attachments: 1,
      attachmentsLeftOut: 0,
    });
    // The long dream is split as the server splits it (ADR 070): 1 + 1 + its parts.
    expect(preview.newEntries).toBeGreaterThan(3);
    const progress: number[] = [];
    const report = await runPrivateImport({
      preview,
      userId: person.user.id,
      entryKey,
      transport: transport(person),
      onProgress: (done) => progress.push(done),
    });
    expect(report.imported).toBe(preview.newEntries);
    expect(progress.at(-1)).toBe(preview.newEntries);

    const journal = await readJournal(person, entryKey);
    expect(journal).toHaveLength(preview.newEntries);
    const temple = journal.find((entry) => entry.text.startsWith('Temple bells'))!;
    // As the server import writes it: the moment reference gone with its photo (listed), Day One's details kept
    // inside the sealed text (ADR 078), the tags and the journal's name as hashtags, a tag without a letter named.
    expect(temple.text).toBe(
      'Temple bells at dawn\\.\n\nStarred · Place: Kiyomizu-dera, Kyoto, Japan · Weather: Mostly Clear, 15 °C\n\n#japan #travel · Tags: 2022',
    );
    expect(temple.row).toMatchObject({
      entryDate: '2022-05-14',
      timeZone: 'Asia/Tokyo',
      encryptionVersion: 2,
    });
    expect(journal.filter((entry) => entry.text.includes('(part 1 of')).length).toBe(1);

    // Imported again: nothing new, every entry a duplicate.
    const again = await previewPrivateImport({
      files,
      fallbackZone: 'UTC',
      nameKey,
      transport: transport(person),
      now: new Date(),
    });
    expect(again).toMatchObject({ newEntries: 0, duplicates: 3 });

    // The operator: the whole database and ENCRYPTION_SECRET.
    const tables = await ctx.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    let dump = '';
    for (const { table_name } of tables)
      dump += JSON.stringify(await ctx.database.query(`select * from "${table_name}"`));
    expect(dump).toContain(person.user.email);
    for (const phrase of [...DAY_ONE_PHRASES, 'AA000000000000000000000000000001', 'dayone:', 'Japan'])
      expect(dump, phrase).not.toContain(phrase);
    expect(dump).not.toContain(accountKeyBase64);
    const serverKey = await createEntryKeys(ctx.config.encryptionSecret).keyFor(person.user.id);
    await expect(
      decryptText(serverKey, {
        ciphertext: temple.row.encryptedContent!,
        iv: String(temple.row.metadata.encryption_iv),
      }),
    ).rejects.toThrow();
  });

  /**
   * The browser's part for one attachment, in Node: the file read from the archive, sealed under the account's media
   * key with the shared WebCrypto code the web runs, sent to the batch's attachment route. (The web also decodes,
   * strips and moderates a photo and makes its thumbnail on a canvas; that part is tested in the web and e2e.)
   */
  function nodeStager(
    person: Person,
    mediaKey: Uint8Array,
    files: Map<string, string | Buffer>,
    sent: Buffer[],
  ): PrivateImportAttachmentStager {
    return async (batchId, attachment) => {
      const bytes = files.get(attachment.path) as Buffer;
      const mimeType = importAttachmentMime(attachment.path, attachment.type)!;
      const container = Buffer.from(
        await (await sealMediaInBrowser(new Uint8Array(bytes), mediaKey)).arrayBuffer(),
      );
      sent.push(container);
      const body = multipartFiles({ file: container });
      const response = await call(person, {
        method: 'POST',
        url: `/api/import/private/batches/${batchId}/attachments?mediaType=${attachment.type}&mimeType=${encodeURIComponent(mimeType)}`,
        headers: body.headers,
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return { draftId: response.json().draftId };
    };
  }

  it('brings a Day One entry’s photo, voice note and PDF sealed: the server stores kind-1 containers it cannot open, for the batch’s owner only, and undo removes them', async () => {
    const person = await premiumUser(ctx);
    const keys = await turnPrivate(person);
    const photo = await jpegWithGps({ upright: true });
    const voice = wav(2);
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const files = dayOneWithAttachments(photo, voice, pdf);
    const preview = await previewPrivateImport({
      files: archiveFiles(files),
      fallbackZone: 'UTC',
      nameKey: keys.nameKey,
      transport: transport(person),
      now: new Date(),
    });
    expect(preview).toMatchObject({ newEntries: 1, attachments: 3, attachmentsLeftOut: 0, skippedCount: 0 });

    const sent: Buffer[] = [];
    const report = await runPrivateImport({
      preview,
      userId: person.user.id,
      entryKey: keys.entryKey,
      transport: transport(person),
      stageAttachment: nodeStager(person, keys.mediaKey, files, sent),
    });
    expect(report).toMatchObject({ imported: 1, skippedCount: 0 });
    expect(sent).toHaveLength(3);

    // Recorded as the server import records them (ADR 088): the photo is the entry's own, the voice note and the PDF
    // follow; Day One's references became the gallery's marks, inside the sealed text.
    const [entry] = await readJournal(person, keys.entryKey);
    expect(entry!.text).toBe(
      `${PICNIC}\\.\n\n![Photo 1](attachment:1)\n\nThe ducks:\n\n![Audio 2](attachment:2)`,
    );
    expect(entry!.row.contentType).toBe('image');
    expect(entry!.row.mediaUrl).toMatch(/\/2022-06-01\/[0-9a-f-]+\.jpg$/);
    expect(entry!.row.attachments?.map((item) => item.kind)).toEqual(['audio', 'pdf']);
    expect(entry!.row.attachments?.[1]?.path).toMatch(/\.pdf$/);

    // The operator, holding the media folder and ENCRYPTION_SECRET: kind-1 containers as they were sent, no magic
    // number, no EXIF, and the server's keys open none; the account's media key opens each to the original.
    const storedPaths = [entry!.row.mediaUrl!, ...entry!.row.attachments!.map((item) => item.path)];
    const serverKeys = createMediaKeys(ctx.config.encryptionSecret);
    for (const [index, storagePath] of storedPaths.entries()) {
      const stored = await readFile(path.join(mediaRoot(ctx), ...storagePath.split('/')));
      expect(stored.equals(sent[index]!), storagePath).toBe(true);
      expect(mediaHeaderOf(stored)?.keyKind).toBe('user');
      await expectOpensNothing(stored, storagePath);
      for (const marker of ['Exif', 'Daybook Test', '%PDF', 'WAVE', 'JFIF'])
        expect(stored.includes(marker), `${storagePath}: ${marker}`).toBe(false);
      expect(() => serverKeys.keyOf(person.user.id, mediaHeaderOf(stored)!)).toThrow(/does not hold/);
      const opened = await openMediaInBrowser(new Uint8Array(stored), keys.mediaKey);
      expect(Buffer.from(await opened.arrayBuffer()).equals([photo, voice, pdf][index]!)).toBe(true);
    }

    // Another account's batch takes nothing: a stranger's attachment and entries are refused there, and a standard
    // account cannot use the route at all.
    const batchId = report.batchId!;
    const stranger = await premiumUser(ctx);
    const strangerKeys = await turnPrivate(stranger);
    const container = Buffer.from(
      await (await sealMediaInBrowser(new Uint8Array(photo), strangerKeys.mediaKey)).arrayBuffer(),
    );
    const body = multipartFiles({ file: container });
    const intoOthers = await call(stranger, {
      method: 'POST',
      url: `/api/import/private/batches/${batchId}/attachments?mediaType=image&mimeType=image%2Fjpeg`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(intoOthers.statusCode, intoOthers.body).toBe(404);
    const standard = await premiumUser(ctx);
    const fromStandard = await call(standard, {
      method: 'POST',
      url: `/api/import/private/batches/${batchId}/attachments?mediaType=image&mimeType=image%2Fjpeg`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(fromStandard.statusCode, fromStandard.body).toBe(409);
    // A plain file is no container: refused as the sealed-drafts route refuses it.
    const ownBatch = (await transport(stranger).createBatch('dayone')).id;
    const plain = multipartFiles({ file: photo });
    const plainUpload = await call(stranger, {
      method: 'POST',
      url: `/api/import/private/batches/${ownBatch}/attachments?mediaType=image&mimeType=image%2Fjpeg`,
      headers: plain.headers,
      payload: plain.payload,
    });
    expect(plainUpload.statusCode, plainUpload.body).toBe(400);
    // A "PDF" declared with another type is refused.
    const wrongType = await call(stranger, {
      method: 'POST',
      url: `/api/import/private/batches/${ownBatch}/attachments?mediaType=pdf&mimeType=text%2Fplain`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(wrongType.statusCode, wrongType.body).toBe(400);

    // Undo: the entry and every file go.
    const removed = await call(person, { method: 'DELETE', url: `/api/import/batches/${batchId}` });
    expect(removed.json()).toEqual({ removed: 1 });
    for (const storagePath of storedPaths)
      await expect(access(path.join(mediaRoot(ctx), ...storagePath.split('/')))).rejects.toThrow();
  });

  /** The media root of local storage, where a test writes an entry's file. */
  const mediaRoot = (context: TestContext) => (context.config.storage as { root: string }).root;
  async function storeMedia(userId: string, ext: string, bytes: Buffer) {
    const storagePath = `${userId}/2026-02-10/${randomUUID()}.${ext}`;
    const file = path.join(mediaRoot(ctx), ...storagePath.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return storagePath;
  }

  /** The browser's export: pages of sealed entries, opened, files fetched through the owner's signed links. */
  async function browserArchive(
    person: Person,
    keys: { entryKey: EntryKey; mediaKey: Uint8Array<ArrayBuffer> },
    exportedAt: string,
  ) {
    const salt = (await call(person, { method: 'GET', url: '/api/encryption/salt' })).json().salt;
    const v1Key = await deriveEntryKey(person.user.id, salt);
    async function* pages(): AsyncGenerator<SealedExportEntry> {
      let after = '';
      for (;;) {
        const response = await call(person, { method: 'GET', url: `/api/export/sealed${after}` });
        expect(response.statusCode, response.body).toBe(200);
        const page = SealedExportPage.parse(response.json());
        yield* page.entries;
        if (page.isLast || page.entries.length === 0) return;
        const last = page.entries.at(-1)!;
        after = `?afterCursor=${encodeURIComponent(last.cursor)}&afterId=${last.id}`;
      }
    }
    const [account] = await ctx.database.db.select().from(users).where(eq(users.id, person.user.id));
    const out = new Map<string, Buffer>();
    for await (const file of buildArchive({
      exportedAt,
      accountZone: account!.timezone,
      range: null,
      entries: pages(),
      async open(entry) {
        const sealed = { ciphertext: entry.encryptedContent ?? '', iv: entry.encryptionIv ?? '' };
        if (entry.encryptionVersion === PRIVATE_MODE.encryptionVersion)
          return {
            text: entry.encryptedContent ? await openEntryTextV2(keys.entryKey, person.user.id, sealed) : '',
            moodTag: await openMoodV2(keys.entryKey, person.user.id, entry.encryptedMood!),
          };
        return {
          text: entry.encryptedContent ? await decryptText(v1Key, sealed) : '',
          moodTag: entry.moodTag,
        };
      },
      async fetchFile(entry, file) {
        const link = file.attachmentId
          ? `/api/entries/${entry.id}/attachments/${file.attachmentId}/media-url`
          : `/api/entries/${entry.id}/media-url`;
        const signed = await call(person, { method: 'GET', url: link });
        if (signed.statusCode !== 200) return null;
        const bytes = await call(person, { method: 'GET', url: signed.json().url });
        if (bytes.statusCode !== 200) return null;
        const raw = new Uint8Array(bytes.rawPayload);
        return isUserSealedMedia(raw)
          ? new Uint8Array(await (await openMediaInBrowser(raw, keys.mediaKey)).arrayBuffer())
          : raw;
      },
    }))
      out.set(file.path, Buffer.from(file.bytes));
    return out;
  }

  it('builds in the browser the archive the server builds, file for file, and it imports back into another private account', async () => {
    const owner = await createSignedInUser(ctx);
    await ctx.database.db.update(users).set({ timezone: 'Europe/Paris' }).where(eq(users.id, owner.user.id));
    const photo = Buffer.from(`\xff\xd8\xff fake jpeg ${randomUUID()}`, 'latin1');
    const audio = Buffer.from(`RIFF fake wav ${randomUUID()}`);
    const pdf = Buffer.from(`%PDF-1.4 fake ${randomUUID()}`);
    const items = [
      { text: 'First day at #work, a "quoted" line:\n---\nand more', day: '2026-01-05', mood: 'Happy' },
      { text: 'Garden photo #Garden', day: '2026-02-10', mood: 'Calm', media: ['jpg', photo] as const },
      { text: '', day: '2026-03-15', media: ['wav', audio] as const },
      { text: 'Unicode ✨ — café, ![PDF 2](attachment:2)', day: '2026-03-16', pdf: true },
    ];
    for (const [i, item] of items.entries()) {
      const sealed = await browserEncrypt(ctx, owner.cookie, owner.user.id, item.text);
      const mediaUrl = item.media ? await storeMedia(owner.user.id, item.media[0], item.media[1]) : null;
      await ctx.database.db.insert(entries).values({
        userId: owner.user.id,
        encryptedContent: sealed.encryptedContent,
        metadata: { encryption_iv: sealed.encryptionIv },
        moodTag: item.mood ?? null,
        entryDate: item.day,
        timeZone: i === 1 ? 'America/New_York' : null,
        mediaUrl,
        contentType: item.media ? (item.media[0] === 'jpg' ? 'image' : 'audio') : 'text',
        importKey: item.pdf ? 'dayone:CC000000000000000000000000000001' : null,
        attachments: item.pdf
          ? [
              {
                id: randomUUID(),
                path: await storeMedia(owner.user.id, 'pdf', pdf),
                kind: 'pdf',
                thumbWidth: null,
                thumbHeight: null,
              },
            ]
          : null,
        createdAt: new Date(`${item.day}T10:00:0${i}Z`),
      });
    }
    const server = await call(owner, { method: 'GET', url: '/api/export/archive' });
    expect(server.statusCode, server.body).toBe(200);
    const serverFiles = await unzip(server.rawPayload);
    const exportedAt = ArchiveManifest.parse(
      JSON.parse(serverFiles.get('entries.json')!.toString('utf8')),
    ).exportedAt;

    // The same account in private mode: its entries are still version 1 (switching on re-encrypts them, elsewhere),
    // and one more is written as version 2.
    const keys = await turnPrivate(owner);
    const browser = await browserArchive(owner, keys, exportedAt);
    expect([...browser.keys()]).toEqual([...serverFiles.keys()]);
    for (const [name, bytes] of serverFiles)
      expect(browser.get(name)?.toString('utf8'), name).toBe(bytes.toString('utf8'));
    expect(browser.get(`media/${[...browser.keys()].find((n) => n.endsWith('.jpg'))!.slice(6)}`)).toEqual(
      photo,
    );

    // A version-2 entry opens with the account key and exports as any entry.
    const v2 = await sealEntryTextV2(keys.entryKey, owner.user.id, 'Sealed in the browser #private');
    const written = await call(owner, {
      method: 'POST',
      url: '/api/entries',
      payload: {
        encryptedContent: v2.ciphertext,
        encryptionIv: v2.iv,
        encryptionVersion: 2,
        encryptedMood: await sealMoodV2(keys.entryKey, owner.user.id, 'Grateful'),
      },
    });
    expect(written.statusCode, written.body).toBe(201);
    const withPrivate = await browserArchive(owner, keys, exportedAt);
    const manifest = ArchiveManifest.parse(JSON.parse(withPrivate.get('entries.json')!.toString('utf8')));
    expect(manifest.entries.at(-1)).toMatchObject({
      text: 'Sealed in the browser #private',
      moodTag: 'Grateful',
      themes: ['#private'],
    });
    // The server's own archive stays refused for the private account: it cannot read it.
    expect((await call(owner, { method: 'GET', url: '/api/export/archive' })).statusCode).toBe(409);

    // Into another private account: every text and mood comes back; the attachments stay out, listed.
    const { person: other, entryKey, nameKey } = await privatePerson();
    const archive = archiveFiles(withPrivate);
    const preview = await previewPrivateImport({
      files: archive,
      fallbackZone: 'UTC',
      nameKey,
      transport: transport(other),
      now: new Date(),
    });
    expect(preview).toMatchObject({
      source: 'daybook',
      archiveEntries: 5,
      newEntries: 5,
      duplicates: 0,
      attachments: 3,
      attachmentsLeftOut: 0,
    });
    // Run without reading the files (a text-only run): the voice note with no text has nothing left to bring in.
    const textOnly = await runPrivateImport({
      preview,
      userId: other.user.id,
      entryKey,
      transport: transport(other),
    });
    expect(textOnly.skipped).toContainEqual({
      item: 'Entry of 2026-03-15',
      reason: PRIVATE_IMPORT_MESSAGES.empty,
    });
    const journal = await readJournal(other, entryKey);
    const withText = manifest.entries.filter((entry) => entry.text !== '');
    expect(journal.map((entry) => entry.text).sort()).toEqual(withText.map((entry) => entry.text).sort());
    expect(journal.map((entry) => entry.mood).sort()).toEqual(withText.map((entry) => entry.moodTag).sort());
    // Its own export imported into itself: entries written there are known by their ids. The one the server imported
    // while the account was standard keeps its plain import key ("dayone:…"), which the browser's keyed name does
    // not match: the switch on renames those (ADR 097, amended; tested above), this account was private from the start.
    const own = await previewPrivateImport({
      files: archive,
      fallbackZone: 'UTC',
      nameKey: keys.nameKey,
      transport: transport(owner),
      now: new Date(),
    });
    expect(own).toMatchObject({ newEntries: 1, duplicates: 4 });
    // And the second account's export of what it imported, back into it: nothing new either.
    const second = await browserArchive(other, { entryKey, mediaKey: new Uint8Array(32) }, exportedAt);
    const back = await previewPrivateImport({
      files: archiveFiles(second),
      fallbackZone: 'UTC',
      nameKey,
      transport: transport(other),
      now: new Date(),
    });
    expect(back).toMatchObject({ newEntries: 0, duplicates: 4 });
  });
});
