import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../schemas/import.ts';
import { ArchiveReadError, archiveKindOf, journalName, readArchiveJson } from './archive-reader.ts';

/** An archive's files as a reader sees them. */
const filesOf = (files: Record<string, string>) => ({
  names: new Set(Object.keys(files)),
  sizeOf: (name: string) => (files[name] ?? '').length,
  text: async (name: string) => files[name] ?? '',
});

const dayOne = (uuid: string, text: string) => ({
  uuid,
  creationDate: '2022-05-14T09:00:00Z',
  timeZone: 'Asia/Tokyo',
  text,
});

describe('the archive reader shared by the server and the browser (ADR 099)', () => {
  it('knows a Daybook export, a Day One export with several journals, and one zipped from its folder', () => {
    expect(archiveKindOf(new Set(['entries.json', 'README.md', 'media/a.jpg']))).toEqual({
      source: 'daybook',
      root: '',
      files: ['entries.json'],
    });
    expect(
      archiveKindOf(new Set(['Export/Travel.json', 'Export/Dreams.json', 'Export/photos/x.jpeg'])),
    ).toEqual({
      source: 'dayone',
      root: 'Export/',
      files: ['Export/Dreams.json', 'Export/Travel.json'],
    });
    expect(() => archiveKindOf(new Set(['notes.txt']))).toThrow(
      new ArchiveReadError(IMPORT_MESSAGES.unknownFormat),
    );
    expect(journalName('Export/Travel Notes.json')).toBe('Travel Notes');
  });

  it('reads every journal, naming each entry’s journal when there are several, and refuses a bad record by its path', async () => {
    const files = filesOf({
      'Travel.json': JSON.stringify({ metadata: { version: '1.0' }, entries: [dayOne('A1', 'Kyoto')] }),
      'Dreams.json': JSON.stringify({ metadata: { version: '1.0' }, entries: [dayOne('B1', 'Doors')] }),
    });
    const kind = archiveKindOf(files.names);
    const seen: string[] = [];
    const total = await readArchiveJson(kind, files, 'UTC', (result) => {
      if ('candidate' in result) seen.push(`${result.candidate.key} ${result.candidate.tags.join(',')}`);
    });
    expect(total).toBe(2);
    expect(seen).toEqual(['dayone:B1 Dreams', 'dayone:A1 Travel']);

    const broken = filesOf({
      'Journal.json': JSON.stringify({ entries: [{ ...dayOne('C1', 'x'), creationDate: 'yesterday' }] }),
    });
    await expect(
      readArchiveJson(archiveKindOf(broken.names), broken, 'UTC', () => undefined),
    ).rejects.toThrow(/^Journal\.json is not a valid export file: entries\.0\.creationDate: /);
    const notJson = filesOf({ 'Journal.json': '{"entries": [' });
    await expect(
      readArchiveJson(archiveKindOf(notJson.names), notJson, 'UTC', () => undefined),
    ).rejects.toThrow(ArchiveReadError);
  });

  it('refuses a Daybook archive from a newer version with the server’s message', async () => {
    const files = filesOf({ 'entries.json': JSON.stringify({ schemaVersion: 99, entries: [] }) });
    await expect(readArchiveJson(archiveKindOf(files.names), files, 'UTC', () => undefined)).rejects.toThrow(
      IMPORT_MESSAGES.newerVersion(99),
    );
  });
});
