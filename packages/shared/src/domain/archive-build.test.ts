import { describe, expect, it } from 'vitest';
import { ArchiveManifest } from '../schemas/archive.ts';
import type { SealedExportEntry } from '../schemas/sealed-export.ts';
import { buildArchive } from './archive-build.ts';

const ID = '0b5a4f2e-6a8d-4c44-9d3e-1f2a3b4c5d6e';

const stored: SealedExportEntry = {
  id: ID,
  cursor: '2024-01-02T03:04:05.000000Z',
  encryptionVersion: 2,
  encryptedContent: 'sealed',
  encryptionIv: 'iv',
  encryptedMood: 'mood',
  moodTag: null,
  title: null,
  category: null,
  contentType: 'image',
  sourceType: 'journal',
  entryDate: '2024-01-02',
  timeZone: 'Europe/Paris',
  createdAt: '2024-01-02T03:04:05.000Z',
  updatedAt: '2024-01-02T03:04:05.000Z',
  importKey: 'pk:abc',
  files: [
    { attachmentId: null, extension: 'jpg', mimeType: 'image/jpeg', contentType: 'image' },
    { attachmentId: 'a2', extension: 'pdf', mimeType: 'application/pdf', contentType: 'pdf' },
    { attachmentId: 'a3', extension: 'm4a', mimeType: 'audio/mp4', contentType: 'audio' },
  ],
};

async function* one() {
  yield stored;
}

describe('the archive built from opened entries (ADR 099)', () => {
  it('writes README, the Markdown then its files, and entries.json last; a missing file keeps the numbering', async () => {
    const files = [];
    for await (const file of buildArchive({
      exportedAt: '2026-11-29T12:00:00.000Z',
      accountZone: 'UTC',
      range: null,
      entries: one(),
      open: async () => ({ text: 'A day with a ![PDF 2](attachment:2) #trip', moodTag: 'Happy' }),
      // The PDF cannot be read: it is left out, and the voice note stays number 3.
      fetchFile: async (_, file) => (file.attachmentId === 'a2' ? null : new Uint8Array([1, 2, 3])),
    }))
      files.push(file);
    expect(files.map((file) => [file.path, file.compress])).toEqual([
      ['README.md', true],
      [`entries/2024-01-02-${ID}.md`, false],
      [`media/${ID}.jpg`, false],
      [`media/${ID}-3.m4a`, false],
      ['entries.json', true],
    ]);
    const manifest = ArchiveManifest.parse(JSON.parse(new TextDecoder().decode(files.at(-1)!.bytes)));
    expect(manifest.entries[0]).toMatchObject({
      text: 'A day with a ![PDF 2](attachment:2) #trip',
      moodTag: 'Happy',
      themes: ['#trip'],
      importKey: 'pk:abc',
      media: { path: `media/${ID}.jpg`, mimeType: 'image/jpeg', sizeBytes: 3 },
      attachments: [{ path: `media/${ID}-3.m4a`, mimeType: 'audio/mp4', sizeBytes: 3, contentType: 'audio' }],
    });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const files = buildArchive({
      exportedAt: '2026-11-29T12:00:00.000Z',
      accountZone: 'UTC',
      range: null,
      entries: one(),
      open: async () => ({ text: '', moodTag: null }),
      fetchFile: async () => null,
      signal: controller.signal,
    });
    await files.next();
    await expect(files.next()).rejects.toThrow();
  });
});
