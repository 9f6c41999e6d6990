import { describe, expect, it } from 'vitest';
import { DayOneEntry } from '../schemas/import.ts';
import { daybookCandidate, dayOneCandidate, dayOneDetails } from './import-records.ts';

const noFiles = { has: () => false };

const record = (extra: Record<string, unknown>) =>
  DayOneEntry.parse({
    uuid: 'A1B2C3',
    creationDate: '2023-07-04T19:30:00Z',
    timeZone: 'Europe/Lisbon',
    text: 'Dinner by the river.',
    ...extra,
  });

describe('Day One details kept with the text (ADR 078)', () => {
  it('keeps starred, the place and the weather as one line after the text, before the tags', () => {
    const entry = record({
      starred: true,
      tags: ['summer'],
      location: {
        placeName: 'Praça do Comércio',
        localityName: 'Lisbon',
        administrativeArea: 'Lisbon',
        country: 'Portugal',
        latitude: 38.7,
        longitude: -9.1,
      },
      weather: {
        conditionsDescription: 'Partly Cloudy',
        temperatureCelsius: 21.4,
        weatherCode: 'partly-cloudy',
      },
    });
    const candidate = dayOneCandidate(entry, noFiles, 'UTC');
    expect(candidate.text).toBe(
      'Dinner by the river.\n\nStarred · Place: Praça do Comércio, Lisbon, Portugal · Weather: Partly Cloudy, 21 °C',
    );
    expect(candidate.tags).toEqual(['summer']);
  });

  it('writes only what Day One wrote, and nothing for an entry without any of it', () => {
    expect(dayOneDetails(record({ weather: { temperatureCelsius: -3.6 } }))).toBe('Weather: -4 °C');
    expect(dayOneDetails(record({ location: { country: 'Iceland' } }))).toBe('Place: Iceland');
    expect(dayOneDetails(record({ starred: false }))).toBeNull();
    expect(dayOneCandidate(record({}), noFiles, 'UTC').text).toBe('Dinner by the river.');
    // A photo-only entry gets the line alone.
    expect(dayOneCandidate(record({ text: '', starred: true }), noFiles, 'UTC').text).toBe('Starred');
  });

  it('leaves out a place or weather of another shape instead of refusing the archive', () => {
    const entry = record({ location: { placeName: 42, country: 'Chile' }, weather: 'sunny' });
    expect(dayOneDetails(entry)).toBe('Place: Chile');
  });
});

describe('every attachment of a Day One entry (ADR 088)', () => {
  it("keeps the first photo, voice note or video as the entry's own and the rest in order, PDFs included", () => {
    const files = new Set([
      'photos/p1.jpeg',
      'photos/p2.png',
      'pdfs/d1.pdf',
      'audios/a1.m4a',
      'photos/h1.heic',
    ]);
    const candidate = dayOneCandidate(
      record({
        text: 'Ticket ![](dayone-moment:/pdfAttachment/D1) first',
        pdfAttachments: [{ identifier: 'D1', md5: 'd1', orderInEntry: 0 }],
        photos: [
          { identifier: 'P1', md5: 'p1', type: 'jpeg', orderInEntry: 1 },
          { identifier: 'P2', md5: 'p2', type: 'png', orderInEntry: 3 },
          { identifier: 'H1', md5: 'h1', type: 'heic', orderInEntry: 4 },
          { identifier: 'X1', md5: 'x1', type: 'jpeg', orderInEntry: 5 },
        ],
        audios: [{ identifier: 'A1', md5: 'a1', format: 'aac', orderInEntry: 2 }],
      }),
      { has: (name) => files.has(name) },
      'UTC',
    );
    expect(candidate.media).toEqual({ path: 'photos/p1.jpeg', type: 'image', identifier: 'P1' });
    expect(candidate.attachments).toEqual([
      { path: 'pdfs/d1.pdf', type: 'pdf', identifier: 'D1' },
      { path: 'audios/a1.m4a', type: 'audio', identifier: 'A1' },
      { path: 'photos/p2.png', type: 'image', identifier: 'P2' },
    ]);
    // Nothing is lost without its name: the HEIC (unsupported) and the missing photo are listed.
    expect(candidate.skipped).toEqual([
      { item: 'photos/h1.heic', reason: 'Entry of 2023-07-04: this file type is not supported.' },
      { item: 'photos/x1.jpeg', reason: 'Entry of 2023-07-04: the file is missing from the archive.' },
    ]);
    // The references wait for the import to know what came in.
    expect(candidate.hasMoments).toBe(true);
    expect(candidate.text).toBe('Ticket ![](dayone-moment://D1) first');
  });

  it("reads a Daybook archive's further attachments back, and names the missing ones", () => {
    const mapped = daybookCandidate(
      {
        id: '00000000-0000-4000-8000-000000000001',
        text: 'Two photos ![Photo 2](attachment:2)',
        title: null,
        category: null,
        moodTag: null,
        themes: [],
        entryDate: '2023-07-04',
        timeZone: 'Europe/Lisbon',
        createdAt: '2023-07-04T19:30:00.000Z',
        updatedAt: '2023-07-04T19:30:00.000Z',
        contentType: 'image',
        sourceType: 'journal',
        media: { path: 'media/e.jpg', mimeType: 'image/jpeg', sizeBytes: 10 },
        markdownPath: 'entries/2023-07-04-e.md',
        importKey: 'dayone:A1',
        attachments: [
          { path: 'media/e-2.jpg', mimeType: 'image/jpeg', sizeBytes: 10, contentType: 'image' },
          { path: 'media/e-3.pdf', mimeType: 'application/pdf', sizeBytes: 10, contentType: 'pdf' },
        ],
      },
      { has: (name) => name !== 'media/e-3.pdf' },
    );
    if (!('candidate' in mapped)) throw new Error('expected a candidate');
    expect(mapped.candidate).toMatchObject({
      key: 'dayone:A1',
      media: { path: 'media/e.jpg', type: 'image' },
      attachments: [{ path: 'media/e-2.jpg', type: 'image' }],
      hasMoments: false,
      skipped: [
        { item: 'media/e-3.pdf', reason: 'Entry of 2023-07-04: the file is missing from the archive.' },
      ],
    });
  });
});
