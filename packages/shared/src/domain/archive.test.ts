import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_LAYOUT,
  type ArchiveEntry,
  ArchiveManifest,
  ArchivePath,
  archiveMarkdownPath,
} from '../schemas/archive.ts';
import { ExportQuery } from '../schemas/export-query.ts';
import { archiveMarkdown, archiveMediaPathFor, archiveReadme, storedExtension } from './archive.ts';

const ID = '0b6f7d3e-8d1c-4a53-9a7e-2f0e3c4b5a69';

const entry = (overrides: Partial<ArchiveEntry> = {}): ArchiveEntry => ({
  id: ID,
  text: 'A quiet day at #work: "tea" and #Family time.',
  title: null,
  category: null,
  moodTag: 'Happy',
  themes: ['#work', '#family'],
  entryDate: '2026-11-22',
  timeZone: 'Europe/London',
  createdAt: '2026-11-22T09:30:00.000Z',
  updatedAt: '2026-11-22T09:31:00.000Z',
  contentType: 'image',
  sourceType: 'journal',
  media: { path: `media/${ID}.jpg`, mimeType: 'image/jpeg', sizeBytes: 1234 },
  markdownPath: archiveMarkdownPath('2026-11-22', ID),
  ...overrides,
});

describe('archive paths', () => {
  it('names Markdown by date then id and media by id with the stored extension', () => {
    expect(archiveMarkdownPath('2026-11-22', ID)).toBe(`entries/2026-11-22-${ID}.md`);
    expect(archiveMediaPathFor(ID, `u/2026-11-22/${ID}.WEBM`)).toBe(`media/${ID}.webm`);
    expect(storedExtension('a/b/noext')).toBe('');
  });

  it('refuses paths that leave the archive', () => {
    for (const bad of ['../x', '/etc/passwd', 'media/../../x', 'C:/x', 'media\\x', ''])
      expect(ArchivePath.safeParse(bad).success, bad).toBe(false);
    expect(ArchivePath.safeParse(`${ARCHIVE_LAYOUT.mediaDir}a.jpg`).success).toBe(true);
  });
});

describe('archive Markdown', () => {
  it('writes front matter with date, zone, mood and themes, the text and a relative media link', () => {
    const md = archiveMarkdown(entry());
    expect(md).toBe(
      [
        '---',
        `id: "${ID}"`,
        'date: 2026-11-22',
        'timeZone: "Europe/London"',
        'created: 2026-11-22T09:30:00.000Z',
        'updated: 2026-11-22T09:31:00.000Z',
        'mood: "Happy"',
        'themes: ["#work", "#family"]',
        `media: "../media/${ID}.jpg"`,
        '---',
        '',
        'A quiet day at #work: "tea" and #Family time.',
        '',
        `![Photo](../media/${ID}.jpg)`,
        '',
      ].join('\n'),
    );
  });

  it('writes null mood and media, and links audio as a plain link', () => {
    expect(archiveMarkdown(entry({ moodTag: null, media: null, contentType: 'text' }))).toContain(
      'mood: null\nthemes: ["#work", "#family"]\nmedia: null\n---',
    );
    const audio = archiveMarkdown(
      entry({
        contentType: 'audio',
        text: '',
        media: { path: 'media/a.webm', mimeType: 'audio/webm', sizeBytes: 1 },
      }),
    );
    expect(audio.endsWith('---\n\n[Audio recording](../media/a.webm)\n')).toBe(true);
  });

  it('keeps front matter intact whatever the values hold', () => {
    const md = archiveMarkdown(entry({ title: 'a: b\n---', moodTag: 'x"y' }));
    expect(md).toContain('title: "a: b\\n---"');
    expect(md).toContain('mood: "x\\"y"');
    expect(md.split('\n').filter((line) => line === '---')).toHaveLength(2);
  });
});

describe('archive README and manifest', () => {
  it('explains the layout and the range', () => {
    const readme = archiveReadme({
      exportedAt: '2026-11-22T10:00:00.000Z',
      timeZone: 'Europe/London',
      range: { from: '2026-01-01', to: null },
    });
    for (const part of ['entries.json', 'entries/', 'media/', 'schemaVersion', '2026-01-01', 'Europe/London'])
      expect(readme).toContain(part);
  });

  it('parses a manifest and keeps unknown future fields out', () => {
    const parsed = ArchiveManifest.parse({
      schemaVersion: 1,
      app: 'Daybook',
      exportedAt: '2026-11-22T10:00:00.000Z',
      range: null,
      entries: [{ ...entry(), later: true }],
      later: true,
    });
    expect(parsed.entries[0]).toEqual(entry());
  });
});

describe('export query', () => {
  it('takes an optional inclusive range and refuses a reversed one', () => {
    expect(ExportQuery.safeParse({}).success).toBe(true);
    expect(ExportQuery.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(ExportQuery.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(ExportQuery.safeParse({ from: '2026-02-30' }).success).toBe(false);
  });
});
