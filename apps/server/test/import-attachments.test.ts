import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decryptText, deriveEntryKey, type Entry, type SignedMediaUrl } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { entries, mediaDrafts } from '../src/db/schema/index.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { createSignedInUser, pathOf, setPlan } from './support/factories.ts';
import { importArchive, previewImport } from './support/import.ts';
import { expectOpensNothing } from './support/media.ts';
import { buildZip } from './support/zip.ts';

/*
 * (ADR 088): every photo, voice note, video and PDF of a Day One entry comes in with it, Day One's
 * references to them become marks in the text, links between entries lead to the imported entry, and nothing that
 * cannot come in goes unsaid. Built as Day One writes an export: one journal file, files named by md5.
 */

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const LISBON = 'DA000000000000000000000000000001';
const DAY_BEFORE = 'DA000000000000000000000000000002';
const PHOTO_1 = 'aa11aa11aa11aa11aa11aa11aa11aa11';
const PHOTO_2 = 'bb22bb22bb22bb22bb22bb22bb22bb22';
const HEIC = 'cc33cc33cc33cc33cc33cc33cc33cc33';
const PDF = 'dd44dd44dd44dd44dd44dd44dd44dd44';

/** A small but real PDF: what Day One keeps as `pdfs/<md5>.pdf`. */
const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

async function lisbonExport() {
  const photo = (colour: string) =>
    sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  const journal = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: LISBON,
        creationDate: '2023-06-10T18:00:00Z',
        timeZone: 'Europe/Lisbon',
        text: [
          'Alfama at dusk\\.',
          '![](dayone-moment://P1)',
          'The tram up the hill.',
          '![](dayone-moment://P2)',
          'A photo my phone kept as HEIC:',
          '![](dayone-moment://P3)',
          'Same as [the day before](dayone2://view?entryId=DA000000000000000000000000000002&journalId=9), the ticket:',
          '![](dayone-moment:/pdfAttachment/DOC1)',
        ].join('\n\n'),
        photos: [
          { identifier: 'P1', md5: PHOTO_1, type: 'jpeg', orderInEntry: 0 },
          { identifier: 'P2', md5: PHOTO_2, type: 'jpeg', orderInEntry: 1 },
          { identifier: 'P3', md5: HEIC, type: 'heic', orderInEntry: 2 },
        ],
        pdfAttachments: [{ identifier: 'DOC1', md5: PDF, type: 'pdf', orderInEntry: 3 }],
      },
      {
        uuid: DAY_BEFORE,
        creationDate: '2023-06-09T18:00:00Z',
        timeZone: 'Europe/Lisbon',
        text: 'Arrived in Lisbon.',
      },
    ],
  };
  return buildZip([
    { name: 'Journal.json', data: JSON.stringify(journal), isDeflated: true },
    { name: `photos/${PHOTO_1}.jpeg`, data: await photo('#b0413e') },
    { name: `photos/${PHOTO_2}.jpeg`, data: await photo('#2f6b5f') },
    { name: `photos/${HEIC}.heic`, data: Buffer.from('not decodable here') },
    { name: `pdfs/${PDF}.pdf`, data: pdfBytes },
  ]);
}

async function readable(ctx: TestContext, person: SignedIn): Promise<(Entry & { text: string })[]> {
  const list = await ctx.app.inject({
    method: 'GET',
    url: '/api/entries?pageSize=50',
    headers: { cookie: person.cookie },
  });
  const { salt } = (
    await ctx.app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie: person.cookie } })
  ).json();
  const key = await deriveEntryKey(person.user.id, salt);
  return Promise.all(
    list.json<{ entries: Entry[] }>().entries.map(async (entry) => ({
      ...entry,
      text: await decryptText(key, { ciphertext: entry.encryptedContent!, iv: entry.encryptionIv! }),
    })),
  );
}

const attachmentUrl = (ctx: TestContext, cookie: string, entryId: string, id: string, kind = 'media') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/entries/${entryId}/attachments/${id}/${kind}-url`,
    headers: { cookie },
  });

/** The file behind a signed link, as the browser fetches it. */
async function fetchSigned(ctx: TestContext, cookie: string, link: SignedMediaUrl) {
  const response = await ctx.app.inject({ method: 'GET', url: pathOf(link.url), headers: { cookie } });
  return response;
}

/** Every file stored for the user, on disk (sealed), and the user's drafts. */
async function storedFor(ctx: TestContext, userId: string) {
  const mediaDir = path.join(ctx.config.dataDir, 'media', userId);
  const files = existsSync(mediaDir)
    ? readdirSync(mediaDir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];
  const drafts = await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, userId));
  return { files, drafts: drafts.length };
}

async function exportOf(ctx: TestContext, cookie: string): Promise<Buffer> {
  const exported = await ctx.app.inject({ method: 'GET', url: '/api/export/archive', headers: { cookie } });
  expect(exported.statusCode, exported.body).toBe(200);
  return exported.rawPayload;
}

describe('several attachments per imported entry', () => {
  const ctx = useTestApp({ RATE_LIMIT_SCALE: '100' });

  it('brings two photos and a PDF with their entry, marks them in the text, links the entries, lists the HEIC', async () => {
    const person = await createSignedInUser(ctx);
    await setPlan(ctx, person.user.id, 'premium');

    // Before anything is written, what cannot come in is named.
    const preview = await previewImport(ctx, person.cookie, await lisbonExport());
    expect(preview).toMatchObject({ source: 'dayone', archiveEntries: 2, newEntries: 2, media: 3 });
    expect(preview.skipped).toEqual([
      { item: `photos/${HEIC}.heic`, reason: 'Entry of 2023-06-10: this file type is not supported.' },
    ]);

    const { report } = await importArchive(ctx, person.cookie, await lisbonExport());
    expect(report).toMatchObject({ imported: 2, media: 3, skippedCount: 1 });

    const list = await readable(ctx, person);
    const lisbon = list.find((entry) => entry.text.startsWith('Alfama'))!;
    const before = list.find((entry) => entry.text.startsWith('Arrived'))!;
    expect(lisbon).toMatchObject({
      contentType: 'image',
      hasThumbnail: true,
      isImported: true,
      entryDate: '2023-06-10',
      timeZone: 'Europe/Lisbon',
    });
    expect(lisbon.attachments).toEqual([
      { id: expect.any(String), contentType: 'image', hasThumbnail: true, number: 2 },
      { id: expect.any(String), contentType: 'pdf', hasThumbnail: false, number: 3 },
    ]);
    expect(before.attachments).toEqual([]);
    // Each reference is the attachment's mark, numbered as the gallery numbers it; the HEIC's goes (it is listed);
    // the link between entries leads to the imported entry.
    expect(lisbon.text).toBe(
      [
        'Alfama at dusk\\.',
        '![Photo 1](attachment:1)',
        'The tram up the hill.',
        '![Photo 2](attachment:2)',
        'A photo my phone kept as HEIC:',
        `Same as [the day before](/entry/dayone/${DAY_BEFORE}), the ticket:`,
        '![PDF 3](attachment:3)',
      ].join('\n\n'),
    );

    // The link opens the entry it names, for its owner only.
    const linked = await ctx.app.inject({
      method: 'GET',
      url: `/api/entries/imported/dayone/${DAY_BEFORE}`,
      headers: { cookie: person.cookie },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<Entry>().id).toBe(before.id);

    // The second photo: a signed link serving a picture (re-encoded, metadata gone), and its thumbnail.
    const [photo, pdf] = lisbon.attachments;
    const photoLink = await attachmentUrl(ctx, person.cookie, lisbon.id, photo!.id);
    expect(photoLink.statusCode, photoLink.body).toBe(200);
    expect(photoLink.json<SignedMediaUrl>()).toMatchObject({ mediaType: 'image', mimeType: 'image/jpeg' });
    const photoFile = await fetchSigned(ctx, person.cookie, photoLink.json());
    expect(photoFile.statusCode).toBe(200);
    expect(await sharp(photoFile.rawPayload).metadata()).toMatchObject({ width: 120, height: 90 });
    const thumbnail = await attachmentUrl(ctx, person.cookie, lisbon.id, photo!.id, 'thumbnail');
    expect(thumbnail.statusCode, thumbnail.body).toBe(200);
    expect((await fetchSigned(ctx, person.cookie, thumbnail.json())).statusCode).toBe(200);

    // The PDF: byte for byte, as a PDF; it has no thumbnail.
    const pdfLink = await attachmentUrl(ctx, person.cookie, lisbon.id, pdf!.id);
    expect(pdfLink.json<SignedMediaUrl>()).toMatchObject({ mediaType: null, mimeType: 'application/pdf' });
    const pdfFile = await fetchSigned(ctx, person.cookie, pdfLink.json());
    expect(pdfFile.headers['content-type']).toBe('application/pdf');
    expect(pdfFile.rawPayload.equals(pdfBytes)).toBe(true);
    expect((await attachmentUrl(ctx, person.cookie, lisbon.id, pdf!.id, 'thumbnail')).statusCode).toBe(404);

    // Every stored file is sealed (ADR 081): the PDF and the further photo too.
    const { files } = await storedFor(ctx, person.user.id);
    expect(files).toHaveLength(2 * 2 + 1); // two photos with their thumbnails, and the PDF
    for (const file of files) await expectOpensNothing(readFileSync(file), path.basename(file));
    // The orphan sweep knows them as the entry's (ADR 016), however old.
    ctx.clock.advance(2 * 3600_000);
    await ctx.app.services.media.sweepOrphans();
    expect((await storedFor(ctx, person.user.id)).files).toHaveLength(5);

    // Another person can fetch none of it, by the entry's id or by pairing the attachment with their own entry.
    const stranger = await createSignedInUser(ctx);
    await setPlan(ctx, stranger.user.id, 'premium');
    expect((await attachmentUrl(ctx, stranger.cookie, lisbon.id, photo!.id)).statusCode).toBe(404);
    expect((await attachmentUrl(ctx, stranger.cookie, lisbon.id, pdf!.id, 'thumbnail')).statusCode).toBe(404);
    const lookUp = (cookie: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/entries/imported/dayone/${DAY_BEFORE}`,
        headers: { cookie },
      });
    expect((await lookUp(stranger.cookie)).statusCode).toBe(404);
    const strangers = await importArchive(ctx, stranger.cookie, await lisbonExport());
    expect(strangers.report.imported).toBe(2);
    const theirs = (await readable(ctx, stranger)).find((entry) => entry.text.startsWith('Alfama'))!;
    expect((await attachmentUrl(ctx, stranger.cookie, theirs.id, photo!.id)).statusCode).toBe(404);
    // Once they have imported it too, the link leads each person to their own entry.
    expect((await lookUp(stranger.cookie)).json<Entry>().id).not.toBe(before.id);
  });

  it('adds nothing when the same archive or one’s own export comes back, and reads the attachments back elsewhere', async () => {
    const person = await createSignedInUser(ctx);
    await setPlan(ctx, person.user.id, 'premium');
    await importArchive(ctx, person.cookie, await lisbonExport());
    const stored = await storedFor(ctx, person.user.id);
    const original = (await readable(ctx, person)).find((entry) => entry.text.startsWith('Alfama'))!;

    const again = await previewImport(ctx, person.cookie, await lisbonExport());
    expect(again).toMatchObject({ newEntries: 0, duplicates: 2, media: 0 });

    const archive = await exportOf(ctx, person.cookie);
    const own = await previewImport(ctx, person.cookie, archive);
    expect(own).toMatchObject({ newEntries: 0, duplicates: 2, media: 0, skipped: [] });
    // Dropping those previews leaves nothing behind either.
    expect(await storedFor(ctx, person.user.id)).toEqual(stored);

    // Another account reads the export back: the entry, its further photo and its PDF, and the marks.
    const friend = await createSignedInUser(ctx);
    await setPlan(ctx, friend.user.id, 'premium');
    const { preview, report } = await importArchive(ctx, friend.cookie, archive);
    expect(preview).toMatchObject({ source: 'daybook', newEntries: 2, media: 3, skipped: [] });
    expect(report).toMatchObject({ imported: 2, media: 3 });
    const copy = (await readable(ctx, friend)).find((entry) => entry.text.startsWith('Alfama'))!;
    expect(copy.text).toBe(original.text);
    expect(copy).toMatchObject({ contentType: 'image', hasThumbnail: true });
    expect(copy.attachments.map(({ contentType, number }) => ({ contentType, number }))).toEqual([
      { contentType: 'image', number: 2 },
      { contentType: 'pdf', number: 3 },
    ]);
    const pdfLink = await attachmentUrl(ctx, friend.cookie, copy.id, copy.attachments[1]!.id);
    expect((await fetchSigned(ctx, friend.cookie, pdfLink.json())).rawPayload.equals(pdfBytes)).toBe(true);

    // And that account's export brought to the first adds nothing.
    const back = await previewImport(ctx, person.cookie, await exportOf(ctx, friend.cookie));
    expect(back).toMatchObject({ newEntries: 0, duplicates: 2 });
  });

  it('removing the entry or the batch leaves no file behind', async () => {
    const person = await createSignedInUser(ctx);
    await setPlan(ctx, person.user.id, 'premium');
    await importArchive(ctx, person.cookie, await lisbonExport());
    const lisbon = (await readable(ctx, person)).find((entry) => entry.text.startsWith('Alfama'))!;
    const [photo] = lisbon.attachments;
    const link = (await attachmentUrl(ctx, person.cookie, lisbon.id, photo!.id)).json<SignedMediaUrl>();

    // One entry deleted on its own: its files go, and its links stop at once.
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${lisbon.id}`,
      headers: { cookie: person.cookie },
      payload: {},
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await fetchSigned(ctx, person.cookie, link)).statusCode).toBe(404);
    expect((await attachmentUrl(ctx, person.cookie, lisbon.id, photo!.id)).statusCode).toBe(404);
    expect((await storedFor(ctx, person.user.id)).files).toEqual([]);

    // A second import of the archive (the deleted entry stays deleted: a deletion is a choice, ADR 068), then the
    // whole batch removed: no entry, draft or file is left.
    const [batch] = (
      await ctx.app.inject({ method: 'GET', url: '/api/import/batches', headers: { cookie: person.cookie } })
    ).json<{ id: string }[]>();
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/import/batches/${batch!.id}`,
      headers: { cookie: person.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await importArchive(ctx, person.cookie, await lisbonExport());
    const [again] = (
      await ctx.app.inject({ method: 'GET', url: '/api/import/batches', headers: { cookie: person.cookie } })
    ).json<{ id: string }[]>();
    expect((await storedFor(ctx, person.user.id)).files).toHaveLength(5);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/import/batches/${again!.id}`,
      headers: { cookie: person.cookie },
    });
    const rows = await ctx.database.db.select().from(entries).where(eq(entries.userId, person.user.id));
    expect(rows).toEqual([]);
    expect(await storedFor(ctx, person.user.id)).toEqual({ files: [], drafts: 0 });
  });
});
