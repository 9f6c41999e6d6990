import { randomBytes } from 'node:crypto';
import { decryptText, deriveEntryKey, type Entry } from '@daybook/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type TestContext, useTestApp } from './support/app.ts';
import { createSignedInUser, setPlan } from './support/factories.ts';
import { confirmImport, previewImport } from './support/import.ts';
import { m4aAudio, quickTimeVideo } from './support/media.ts';
import { buildZip } from './support/zip.ts';

/*
 * A Day One export as Day One writes it when a person has several journals (ADR 070): one JSON file per journal,
 * named after it, none called Journal.json; voice notes recorded as `"format": "aac"` in files named .m4a; a
 * QuickTime video without sound; a PDF; and the whole export zipped from its folder, as the Finder does.
 */

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const FOLDER = 'Export - Day One 2024-11-02/';
const PHOTO_MD5 = '1f0e2d3c4b5a69788796a5b4c3d2e1f0';
const AUDIO_MD5 = '2a2b2c2d2e2f30313233343536373839';
const VIDEO_MD5 = '3a3b3c3d3e3f40414243444546474849';
const PDF_MD5 = '4a4b4c4d4e4f50515253545556575859';

async function severalJournals() {
  const long = Array.from({ length: 150 }, (_, i) => `Dream fragment ${i + 1}: a house with too many doors.`);
  const travel = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'AA000000000000000000000000000001',
        creationDate: '2022-05-14T09:00:00Z',
        timeZone: 'Asia/Tokyo',
        text: 'Temple bells at dawn.\n\n![](dayone-moment:/audio/VOICE1)',
        tags: ['Japan', '2022'],
        starred: true,
        // As Day One writes them, with coordinates and codes Daybook does not keep (ADR 078).
        location: {
          placeName: 'Kiyomizu-dera',
          localityName: 'Kyoto',
          administrativeArea: 'Kyoto',
          country: 'Japan',
          latitude: 34.99,
          longitude: 135.78,
        },
        weather: { conditionsDescription: 'Mostly Clear', temperatureCelsius: 14.6, weatherCode: 'clear' },
        audios: [{ identifier: 'VOICE1', md5: AUDIO_MD5, format: 'aac', duration: 3 }],
        pdfAttachments: [{ identifier: 'TICKET', md5: PDF_MD5, type: 'pdf' }],
      },
      {
        uuid: 'AA000000000000000000000000000002',
        creationDate: '2022-05-15T03:00:00Z',
        timeZone: 'Asia/Tokyo',
        text: 'The bullet train, silent.\n\n![](dayone-moment://CLIP1)',
        videos: [{ identifier: 'CLIP1', md5: VIDEO_MD5, type: 'mov' }],
      },
      {
        uuid: 'AA000000000000000000000000000003',
        creationDate: '2022-05-16T01:00:00Z',
        timeZone: 'Asia/Tokyo',
        text: 'Kyoto in the rain.\n\n![](dayone-moment://PHOTO1)',
        photos: [{ identifier: 'PHOTO1', md5: PHOTO_MD5, type: 'jpeg' }],
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
  const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#556b2f' } })
    .jpeg()
    .toBuffer();
  return buildZip([
    { name: `${FOLDER}Travel.json`, data: JSON.stringify(travel), isDeflated: true },
    { name: `${FOLDER}Dreams.json`, data: JSON.stringify(dreams), isDeflated: true },
    { name: `${FOLDER}photos/${PHOTO_MD5}.jpeg`, data: photo },
    { name: `${FOLDER}audios/${AUDIO_MD5}.m4a`, data: m4aAudio(3) },
    { name: `${FOLDER}videos/${VIDEO_MD5}.mov`, data: quickTimeVideo(2) },
    {
      name: `${FOLDER}pdfs/${PDF_MD5}.pdf`,
      data: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64)]),
    },
  ]);
}

async function entriesWithText(ctx: TestContext, person: SignedIn) {
  const list = await ctx.app.inject({
    method: 'GET',
    url: '/api/entries/search-candidates',
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

describe('Day One import of a real-shaped export', () => {
  const ctx = useTestApp({ RATE_LIMIT_SCALE: '100' });

  it('reads every journal, in a folder, with its voice note, silent movie, photo and PDF; keeps every tag', async () => {
    const person = await createSignedInUser(ctx);
    await setPlan(ctx, person.user.id, 'premium');

    const preview = await previewImport(ctx, person.cookie, await severalJournals());
    expect(preview).toMatchObject({ source: 'dayone', archiveEntries: 4, media: 4, duplicates: 0 });
    // The long dream is two entries; nothing is left out, the PDF included (ADR 088).
    expect(preview.newEntries).toBe(5);
    expect(preview.skipped).toEqual([]);

    const report = await confirmImport(ctx, person.cookie, preview.id);
    expect(report).toMatchObject({ imported: 5, media: 4, skippedCount: 0 });

    const entries = await entriesWithText(ctx, person);
    const find = (words: string) => entries.find((entry) => entry.text.includes(words))!;
    const temple = find('Temple bells');
    expect(temple).toMatchObject({ contentType: 'audio', timeZone: 'Asia/Tokyo', isImported: true });
    expect(temple.attachments).toEqual([
      { id: expect.any(String), contentType: 'pdf', hasThumbnail: false, number: 2 },
    ]);
    // Each journal's name is a theme once the export holds several; a tag without a letter stays as a word. The
    // voice note's reference is its mark (ADR 088).
    expect(temple.text).toBe(
      'Temple bells at dawn.\n\n![Audio 1](attachment:1)\n\nStarred · Place: Kiyomizu-dera, Kyoto, Japan · Weather: Mostly Clear, 15 °C\n\n#japan #travel · Tags: 2022',
    );
    expect(find('bullet train')).toMatchObject({ contentType: 'video' });
    expect(find('Kyoto')).toMatchObject({ contentType: 'image' });

    // The long dream, split, reads in order from the top of a newest-first list, each part saying which it is.
    const parts = entries.filter((entry) => entry.text.includes('Dream fragment'));
    expect(parts.map((entry) => entry.text.match(/\(part \d of \d\)/)?.[0])).toEqual([
      '(part 1 of 2)',
      '(part 2 of 2)',
    ]);
    expect(parts[0]!.text.startsWith('Dream fragment 1:')).toBe(true);
    expect(parts.every((entry) => entry.text.endsWith('#dreams'))).toBe(true);

    // The silent movie's length came from its movie header.
    const movie = await ctx.app.inject({
      method: 'GET',
      url: `/api/entries/${find('bullet train').id}/media-url`,
      headers: { cookie: person.cookie },
    });
    expect(movie.statusCode, movie.body).toBe(200);
  });
});
