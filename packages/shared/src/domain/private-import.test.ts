import { describe, expect, it } from 'vitest';
import { PRIVATE_IMPORT } from '../schemas/private-import.ts';
import { deriveImportKeyV2, importAccountKey } from './account-key.ts';
import { arrangeImportAttachments } from './import-attachments.ts';
import type { ImportCandidate } from './import-records.ts';
import {
  PRIVATE_IMPORT_MESSAGES,
  privateImportEntryId,
  privateImportMood,
  privateImportName,
  privateImportPartName,
  privateImportPlan,
  privateNameOfStoredImportKey,
} from './private-import.ts';
import { randomKeyBytes } from './private-keys.ts';

const nameKey = async () => deriveImportKeyV2(await importAccountKey(randomKeyBytes()));

const candidate = (overrides: Partial<ImportCandidate> = {}): ImportCandidate => ({
  key: 'dayone:AA01',
  label: 'Entry of 2022-05-14',
  text: 'Temple bells.\n\n![](dayone-moment://PHOTO1)',
  tags: ['Japan'],
  moodTag: null,
  sourceType: 'journal',
  createdAt: new Date('2022-05-14T09:00:00Z'),
  updatedAt: new Date('2022-05-14T09:00:00Z'),
  entryDate: '2022-05-14',
  timeZone: 'Asia/Tokyo',
  media: { path: 'photos/abc.jpeg', type: 'image', identifier: 'PHOTO1' },
  attachments: [],
  hasMoments: true,
  skipped: [],
  ...overrides,
});

describe('a private import’s names and plan (ADR 099)', () => {
  it('names an identity by a keyed HMAC the server cannot test a guess against, the same each time', async () => {
    const key = await nameKey();
    const name = await privateImportName(key, 'dayone:AA01');
    expect(name).toMatch(PRIVATE_IMPORT.namePattern);
    expect(await privateImportName(key, 'dayone:AA01')).toBe(name);
    expect(await privateImportName(key, 'dayone:AA02')).not.toBe(name);
    // Another account's key names the same identity otherwise: names do not link accounts.
    expect(await privateImportName(await nameKey(), 'dayone:AA01')).not.toBe(name);
    // A name already (an entry a private account imported, exported again) is kept, parts included.
    expect(await privateImportName(key, name)).toBe(name);
    expect(await privateImportName(key, `${name}#2`)).toBe(`${name}#2`);
    expect(privateImportPartName(name, 0)).toBe(name);
    expect(privateImportPartName(name, 2)).toBe(`${name}#3`);
  });

  it('names a key the server stored as the private import names the same entry or part (switching on, ADR 097)', async () => {
    const key = await deriveImportKeyV2(await importAccountKey(randomKeyBytes()));
    const identity = 'dayone:0F2A6B1C3D4E5F60718293A4B5C6D7E8';
    const name = await privateImportName(key, identity);
    expect(await privateNameOfStoredImportKey(key, identity)).toBe(name);
    expect(await privateNameOfStoredImportKey(key, `${identity}#2`)).toBe(privateImportPartName(name, 1));
    expect(await privateNameOfStoredImportKey(key, `${identity}#12`)).toBe(privateImportPartName(name, 11));
    expect(await privateNameOfStoredImportKey(key, name)).toBe(name);
    expect(PRIVATE_IMPORT.namePattern.test(await privateNameOfStoredImportKey(key, `${identity}#3`))).toBe(
      true,
    );
  });

  it('tells a Daybook entry written in Daybook by its id, and keeps only real moods', () => {
    const id = '0b5a4f2e-6a8d-4c44-9d3e-1f2a3b4c5d6e';
    expect(privateImportEntryId({ key: `daybook:${id}` })).toBe(id);
    expect(privateImportEntryId({ key: 'dayone:AA01' })).toBeNull();
    expect(privateImportEntryId({ key: 'daybook:not-a-uuid' })).toBeNull();
    expect(privateImportMood('Happy')).toBe('Happy');
    expect(privateImportMood('Ecstatic')).toBeNull();
    expect(privateImportMood(null)).toBeNull();
  });

  it('writes the text as the server import does, with the marks of the attachments that come in', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const plan = privateImportPlan(candidate(), now);
    // The photo did not come in: its reference goes, as on the server.
    expect(plan.parts?.map((part) => part.text)).toEqual(['Temple bells.\n\n#japan']);
    expect(plan.skipped).toEqual([]);
    const { marks } = arrangeImportAttachments([{ type: 'image', identifier: 'PHOTO1' }]);
    const withPhoto = privateImportPlan(candidate(), now, { marks, count: 1 });
    expect(withPhoto.parts?.[0]?.text).toContain('![Photo 1](attachment:1)');
    // Only a photo, no text: kept for its photo; without it, nothing to import.
    expect(privateImportPlan(candidate({ text: '', tags: [] }), now, { marks, count: 1 }).parts).toHaveLength(
      1,
    );
    expect(privateImportPlan(candidate({ text: '', tags: [] }), now).parts).toBeNull();

    const long = privateImportPlan(
      candidate({ text: 'word '.repeat(2_500), hasMoments: false, media: null }),
      now,
    );
    expect(long.parts?.length).toBe(3);
    expect(long.parts?.map((part) => part.label)).toEqual([
      'Entry of 2022-05-14 (part 1 of 3)',
      'Entry of 2022-05-14 (part 2 of 3)',
      'Entry of 2022-05-14 (part 3 of 3)',
    ]);
    // A millisecond apart, newest first reading in order (ADR 070).
    expect(long.parts?.map((part) => part.createdAt.getTime() - long.parts![0]!.createdAt.getTime())).toEqual(
      [0, -1, -2],
    );

    const future = privateImportPlan(candidate({ createdAt: new Date('2030-01-01T00:00:00Z') }), now);
    expect(future.parts).toBeNull();
    expect(future.skipped.at(-1)).toEqual({
      item: 'Entry of 2022-05-14',
      reason: PRIVATE_IMPORT_MESSAGES.future,
    });
    const photoOnly = privateImportPlan(candidate({ text: '![](dayone-moment://PHOTO1)', tags: [] }), now);
    expect(photoOnly.parts).toBeNull();
    expect(photoOnly.skipped.at(-1)?.reason).toBe(PRIVATE_IMPORT_MESSAGES.empty);
  });
});
