import {
  ArchiveManifest,
  deriveEntryKey,
  deriveEntryKeyV2,
  deriveMediaKeyV2,
  encodeMediaHeader,
  encryptText,
  importAccountKey,
  MEDIA_CONTAINER,
  MEDIA_FILE_KEY_INFO,
  MEDIA_MESSAGES,
  MODERATION_MESSAGES,
  mediaChunkAad,
  mediaChunkCount,
  mediaChunkNonce,
  mediaHeaderOf,
  openEntryTextV2,
  openMediaInBrowser,
  openMoodV2,
  type PrivateImportEntry,
  randomKeyBytes,
  type SealedExportEntry,
  sealEntryTextV2,
  sealMoodV2,
} from '@daybook/shared';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportInBrowser } from '../features/export/private/export-in-browser.ts';
import { blobSink } from '../features/export/private/zip-writer.ts';
import {
  PrivateImportError,
  prepareImport,
  runImport,
} from '../features/import/private/import-in-browser.ts';
import { openZip } from '../features/import/private/zip-reader.ts';
import { forgetAccountKeys, keepAccountKey } from '../lib/private-keys/session-key.ts';
import { json, stubApi, TEST_SALT } from '../test/api.ts';
import {
  fakeCanvas,
  fakeImageDecoding,
  fakeMediaElements,
  fakeModerationWorker,
  fakeObjectUrls,
} from '../test/browser-api-fakes.ts';
import { jsonResponse } from '../test/render.tsx';

/*
 * A private account's journal exported in the browser and imported into another private account, with real
 * WebCrypto and the real zip (fflate): the web's own modules end to end, the server played by a stubbed fetch that
 * keeps what it is sent, as the server stores it (ciphertext only).
 */

const ALICE = '0b5a4f2e-6a8d-4c44-9d3e-1f2a3b4c5d6e';
const BOB = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

/** A file sealed under the user's own media key (ADR 081's kind 1), as the media feature's browser sealing writes it. */
async function sealForUser(plain: Uint8Array<ArrayBuffer>, mediaKey: Uint8Array<ArrayBuffer>) {
  const chunkBytes = MEDIA_CONTAINER.minChunkBytes;
  const salt = crypto.getRandomValues(new Uint8Array(MEDIA_CONTAINER.saltBytes));
  const header = encodeMediaHeader({ version: 1, keyKind: 'user', chunkBytes, salt });
  const material = await crypto.subtle.importKey('raw', mediaKey, 'HKDF', false, ['deriveKey']);
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: new TextEncoder().encode(MEDIA_FILE_KEY_INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const parts: Uint8Array[] = [header];
  const chunks = mediaChunkCount(plain.length, chunkBytes);
  for (let index = 0; index < chunks; index++) {
    const sealed = await crypto.subtle.encrypt(
      {
        name: 'AES-GCM',
        iv: new Uint8Array(mediaChunkNonce(index)),
        additionalData: new Uint8Array(mediaChunkAad(header, index, index === chunks - 1)),
      },
      key,
      plain.subarray(index * chunkBytes, (index + 1) * chunkBytes),
    );
    parts.push(new Uint8Array(sealed));
  }
  return new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer());
}

async function accountOf(userId: string) {
  const raw = randomKeyBytes();
  keepAccountKey(userId, raw);
  const key = await importAccountKey(raw);
  return { entryKey: await deriveEntryKeyV2(key), mediaKey: await deriveMediaKeyV2(key) };
}

afterEach(() => forgetAccountKeys());

describe('a private journal exported and imported in the browser', () => {
  it('round-trips into another private account and reads the same, with nothing plain sent', async () => {
    const alice = await accountOf(ALICE);
    const v1Key = await deriveEntryKey(ALICE, TEST_SALT);
    const photo = new Uint8Array(10_000).map((_, i) => (i * 7) % 251);
    const sealedPhoto = await sealForUser(photo, alice.mediaKey);

    const entry = async (
      id: string,
      day: string,
      text: string,
      mood: string | null,
      extra: Partial<SealedExportEntry> = {},
    ): Promise<SealedExportEntry> => {
      const sealed = await sealEntryTextV2(alice.entryKey, ALICE, text);
      return {
        id,
        cursor: `${day}T08:00:00.000000Z`,
        encryptionVersion: 2,
        encryptedContent: sealed.ciphertext,
        encryptionIv: sealed.iv,
        encryptedMood: await sealMoodV2(alice.entryKey, ALICE, mood),
        moodTag: null,
        title: null,
        category: null,
        contentType: 'text',
        sourceType: 'journal',
        entryDate: day,
        timeZone: 'Europe/Paris',
        createdAt: `${day}T08:00:00.000Z`,
        updatedAt: `${day}T08:00:00.000Z`,
        importKey: null,
        files: [],
        ...extra,
      };
    };
    const old = await encryptText(v1Key, 'Written before private mode #before');
    const stored: SealedExportEntry[] = [
      {
        ...(await entry('11111111-1111-4111-8111-111111111111', '2025-06-01', '', null)),
        encryptionVersion: 1,
        encryptedContent: old.ciphertext,
        encryptionIv: old.iv,
        encryptedMood: null,
        moodTag: 'Calm',
      },
      await entry(
        '22222222-2222-4222-8222-222222222222',
        '2025-07-14',
        'Fireworks over the river #summer',
        'Happy',
        {
          contentType: 'image',
          files: [{ attachmentId: null, extension: 'jpg', mimeType: 'image/jpeg', contentType: 'image' }],
        },
      ),
      await entry(
        '33333333-3333-4333-8333-333333333333',
        '2025-08-02',
        'A quiet day, no mood. I want to kill myself tonight',
        null,
      ),
    ];

    const sent: string[] = [];
    stubApi({
      'GET /api/export/sealed': json({ entries: stored, isLast: true }),
      'GET /api/entries/22222222-2222-4222-8222-222222222222/media-url': json({
        url: '/api/media/file?t=signed',
        expiresAt: '2099-01-01T00:00:00Z',
        mediaType: 'image',
        mimeType: 'image/jpeg',
      }),
      'GET /api/media/file': () => new Response(sealedPhoto),
    });
    const sink = blobSink();
    const progress: number[] = [];
    const result = await exportInBrowser({
      userId: ALICE,
      accountZone: 'Europe/Paris',
      range: { from: '', to: '' },
      v1Key,
      sink,
      signal: new AbortController().signal,
      onEntry: (done) => progress.push(done),
      now: new Date('2026-11-29T12:00:00Z'),
    });
    expect(result.entries).toBe(3);
    expect(progress).toEqual([1, 2, 3]);

    // The archive: the server's layout, the photo opened from its container, every text and mood opened.
    const zip = await openZip(sink.blob());
    expect([...zip.names]).toEqual([
      'README.md',
      'entries/2025-06-01-11111111-1111-4111-8111-111111111111.md',
      'entries/2025-07-14-22222222-2222-4222-8222-222222222222.md',
      'media/22222222-2222-4222-8222-222222222222.jpg',
      'entries/2025-08-02-33333333-3333-4333-8333-333333333333.md',
      'entries.json',
    ]);
    expect(await zip.bytes('media/22222222-2222-4222-8222-222222222222.jpg')).toEqual(photo);
    const manifest = ArchiveManifest.parse(JSON.parse(await zip.text('entries.json')));
    expect(manifest.entries.map((e) => [e.text, e.moodTag])).toEqual([
      ['Written before private mode #before', 'Calm'],
      ['Fireworks over the river #summer', 'Happy'],
      ['A quiet day, no mood. I want to kill myself tonight', null],
    ]);
    expect(await zip.text('entries/2025-07-14-22222222-2222-4222-8222-222222222222.md')).toContain(
      '![Photo](../media/22222222-2222-4222-8222-222222222222.jpg)',
    );

    // Into Bob's private account: the server (stubbed) keeps what arrives, as it would store it. The photo is
    // decoded, moderated and thumbnailed through the browser's APIs (jsdom's stand-ins), then sealed.
    const bob = await accountOf(BOB);
    fakeObjectUrls();
    fakeImageDecoding({ width: 64, height: 48 });
    fakeCanvas();
    fakeModerationWorker(() => [{ className: 'Neutral', probability: 0.99 }]);
    const kept: PrivateImportEntry[] = [];
    const storedFiles: Blob[] = [];
    const fetchMock = stubApi({
      'POST /api/import/private/batches/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/attachments': ({ body }) => {
        storedFiles.push((body as FormData).get('file') as Blob);
        return jsonResponse({ draftId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd' }, 201);
      },
      'POST /api/import/private/known': ({ body }) => {
        const names = (body as { names: string[] }).names;
        return jsonResponse({ names: names.filter((n) => kept.some((k) => k.name === n)), entryIds: [] });
      },
      'POST /api/import/private/batches': () =>
        jsonResponse({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' }, 201),
      'POST /api/import/private/batches/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/entries': ({ body }) => {
        const entries = (body as { entries: PrivateImportEntry[] }).entries;
        kept.push(...entries);
        return jsonResponse({ imported: entries.map((e) => e.name), duplicates: [], leftOut: [] });
      },
    });
    const file = new File([sink.blob()], 'daybook-export-2026-11-29.zip', { type: 'application/zip' });
    const prepared = await prepareImport(BOB, file, {
      fallbackZone: 'UTC',
      signal: new AbortController().signal,
    });
    expect(prepared.preview).toMatchObject({
      source: 'daybook',
      archiveEntries: 3,
      newEntries: 3,
      duplicates: 0,
      firstDate: '2025-06-01',
      lastDate: '2025-08-02',
      attachments: 1,
      attachmentsLeftOut: 0,
    });
    const report = await runImport(BOB, prepared, { signal: new AbortController().signal });
    // Imported past writing is never refused for its words; the report ends with the crisis resources, as the
    // server import's does (ADR 063), from the shared classifier run here.
    expect(report).toMatchObject({
      imported: 3,
      batchId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      crisisResources: MODERATION_MESSAGES.crisis,
    });

    const read = await Promise.all(
      kept.map(async (e) => [
        await openEntryTextV2(bob.entryKey, BOB, { ciphertext: e.encryptedContent, iv: e.encryptionIv }),
        await openMoodV2(bob.entryKey, BOB, e.encryptedMood),
        e.entryDate,
        e.timeZone,
      ]),
    );
    expect(read).toEqual([
      ['Written before private mode #before', 'Calm', '2025-06-01', 'Europe/Paris'],
      ['Fireworks over the river #summer', 'Happy', '2025-07-14', 'Europe/Paris'],
      ['A quiet day, no mood. I want to kill myself tonight', null, '2025-08-02', 'Europe/Paris'],
    ]);
    // The photo went sealed under Bob's media key, with the entry claiming it as its own.
    expect(storedFiles).toHaveLength(1);
    const sealedBytes = new Uint8Array(await storedFiles[0]!.arrayBuffer());
    expect(mediaHeaderOf(sealedBytes)?.keyKind).toBe('user');
    expect(new Uint8Array(await (await openMediaInBrowser(sealedBytes, bob.mediaKey)).arrayBuffer())).toEqual(
      photo,
    );
    expect(kept[1]).toMatchObject({
      mediaDraftId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      attachmentDraftIds: [],
    });
    // Nothing plain went to the server: no text, no mood, no archive identity. (The archive's entry ids are sent
    // apart, as `entryIds`, so one's own export adds nothing: ADR 099 says what that tells the server.)
    for (const [, init] of fetchMock.mock.calls)
      sent.push(init?.body instanceof FormData ? '' : String(init?.body ?? ''));
    const everything = sent.join('\n');
    for (const phrase of ['Fireworks', 'quiet day', 'Written before', 'Happy', 'Calm', 'daybook:', 'summer'])
      expect(everything, phrase).not.toContain(phrase);

    // The same archive again: the keyed names are known, nothing new.
    const again = await prepareImport(BOB, file, {
      fallbackZone: 'UTC',
      signal: new AbortController().signal,
    });
    expect(again.preview).toMatchObject({ newEntries: 0, duplicates: 3 });
  });

  it('goes on where a stopped import left off, in the same batch, when the same archive is chosen again', async () => {
    await accountOf(BOB);
    const entries = Array.from({ length: 120 }, (_, i) => ({
      uuid: `EE${String(i).padStart(30, '0')}`,
      creationDate: '2024-02-03T04:05:06Z',
      timeZone: 'UTC',
      text: `Night ${i} by the sea`,
    }));
    const zipped = zipSync({
      'Journal.json': strToU8(JSON.stringify({ metadata: { version: '1.0' }, entries })),
    });
    const file = new File([zipped], 'Journal.zip', { type: 'application/zip', lastModified: 1 });
    const kept: { batch: string; name: string }[] = [];
    const batches: string[] = [];
    const stop = new AbortController();
    stubApi({
      'POST /api/import/private/known': ({ body }) => {
        const names = (body as { names: string[] }).names;
        return jsonResponse({ names: names.filter((n) => kept.some((k) => k.name === n)), entryIds: [] });
      },
      'POST /api/import/private/batches': () => {
        batches.push(crypto.randomUUID());
        return jsonResponse({ id: batches.at(-1) }, 201);
      },
    });
    // Every batch's upload route, whatever its id: the stub keys by path, so route them through one handler.
    const upload = async (url: URL, body: unknown) => {
      const batch = url.pathname.split('/')[5]!;
      const sent = (body as { entries: PrivateImportEntry[] }).entries;
      kept.push(...sent.map((e) => ({ batch, name: e.name })));
      // The person stops after the first 50 have been written.
      if (kept.length === 50) stop.abort();
      return jsonResponse({ imported: sent.map((e) => e.name), duplicates: [] });
    };
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (/^\/api\/import\/private\/batches\/[^/]+\/entries$/.test(url.pathname))
        return upload(url, JSON.parse(String(init?.body)));
      return stubbed(input, init);
    });

    const first = await prepareImport(BOB, file, {
      fallbackZone: 'UTC',
      signal: new AbortController().signal,
    });
    expect(first).toMatchObject({ resumeBatchId: null, preview: { newEntries: 120 } });
    await expect(runImport(BOB, first, { signal: stop.signal })).rejects.toThrow();
    expect(kept).toHaveLength(50);

    const again = await prepareImport(BOB, file, {
      fallbackZone: 'UTC',
      signal: new AbortController().signal,
    });
    expect(again).toMatchObject({ resumeBatchId: batches[0], preview: { newEntries: 70, duplicates: 50 } });
    await runImport(BOB, again, { signal: new AbortController().signal });
    expect(kept).toHaveLength(120);
    expect(new Set(kept.map((k) => k.name)).size).toBe(120);
    // One batch: one undo removes the whole import.
    expect(batches).toHaveLength(1);
    expect(new Set(kept.map((k) => k.batch))).toEqual(new Set([batches[0]]));
  });
  it("seals a Day One entry's photo, voice note and PDF before they leave the browser, nothing plain in any request", async () => {
    const bob = await accountOf(BOB);
    fakeObjectUrls();
    fakeImageDecoding({ width: 640, height: 480 });
    const canvas = fakeCanvas();
    const worker = fakeModerationWorker(() => [{ className: 'Neutral', probability: 0.99 }]);
    fakeMediaElements({ duration: 12 });
    const enc = new TextEncoder();
    // Each file carries its format's own marker, which must never appear in a request.
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, ...enc.encode('Exif GPS Lake Annecy'), 0xff, 0xd9]);
    const voice = enc.encode('....ftypM4A voice of the ducks');
    const pdf = enc.encode('%PDF-1.4 picnic menu %%EOF');
    const md5 = (digit: string) => digit.repeat(32);
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'CC000000000000000000000000000001',
          creationDate: '2022-06-01T10:00:00Z',
          timeZone: 'Europe/Paris',
          text: 'Picnic by the lake\n\n![](dayone-moment://P1)\n\n![](dayone-moment://A1)',
          photos: [{ identifier: 'P1', md5: md5('a'), type: 'jpeg', orderInEntry: 0 }],
          audios: [{ identifier: 'A1', md5: md5('b'), format: 'aac', orderInEntry: 1 }],
          pdfAttachments: [{ identifier: 'D1', md5: md5('c'), type: 'pdf', orderInEntry: 2 }],
        },
      ],
    };
    const zipped = zipSync({
      'Journal.json': strToU8(JSON.stringify(journal)),
      [`photos/${md5('a')}.jpeg`]: photo,
      [`audios/${md5('b')}.m4a`]: voice,
      [`pdfs/${md5('c')}.pdf`]: pdf,
    });
    const batch = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    const forms: { query: URLSearchParams; file: Blob; thumbnail: Blob | null }[] = [];
    const kept: PrivateImportEntry[] = [];
    const fetchMock = stubApi({
      'POST /api/import/private/known': () => jsonResponse({ names: [], entryIds: [] }),
      'POST /api/import/private/batches': () => jsonResponse({ id: batch }, 201),
      [`POST /api/import/private/batches/${batch}/attachments`]: ({ url, body }) => {
        const form = body as FormData;
        forms.push({
          query: url.searchParams,
          file: form.get('file') as Blob,
          thumbnail: (form.get('thumbnail') as Blob | null) ?? null,
        });
        return jsonResponse({ draftId: `0000000${forms.length}-0000-4000-8000-000000000000` }, 201);
      },
      [`POST /api/import/private/batches/${batch}/entries`]: ({ body }) => {
        const entries = (body as { entries: PrivateImportEntry[] }).entries;
        kept.push(...entries);
        return jsonResponse({ imported: entries.map((e) => e.name), duplicates: [], leftOut: [] });
      },
    });
    const file = new File([zipped], 'Day One.zip', { type: 'application/zip', lastModified: 2 });
    const prepared = await prepareImport(BOB, file, {
      fallbackZone: 'UTC',
      signal: new AbortController().signal,
    });
    expect(prepared.preview).toMatchObject({
      newEntries: 1,
      attachments: 3,
      attachmentsLeftOut: 0,
      skippedCount: 0,
    });
    const report = await runImport(BOB, prepared, { signal: new AbortController().signal });
    expect(report).toMatchObject({ imported: 1, skippedCount: 0 });

    // Declared as the server cannot see: kind, type, a photo's size and its thumbnail's, a voice note's length.
    expect(forms.map((form) => [form.query.get('mediaType'), form.query.get('mimeType')])).toEqual([
      ['image', 'image/jpeg'],
      ['audio', 'audio/mp4'],
      ['pdf', 'application/pdf'],
    ]);
    expect(forms[0]!.query.get('width')).toBe('640');
    expect(forms[0]!.query.get('thumbWidth')).toBe('320');
    expect(forms[1]!.query.get('durationSeconds')).toBe('12');
    // The photo was moderated here, and its thumbnail made on the canvas, before sealing.
    expect(worker.images).toHaveLength(1);
    expect(canvas.encoded.some((made) => made.type === 'image/webp')).toBe(true);
    // Every file and the thumbnail sealed under Bob's media key: each opens to the original with it.
    const originals = [photo, voice, pdf];
    for (const [index, form] of forms.entries()) {
      const bytes = new Uint8Array(await form.file.arrayBuffer());
      expect(mediaHeaderOf(bytes)?.keyKind).toBe('user');
      const opened = new Uint8Array(await (await openMediaInBrowser(bytes, bob.mediaKey)).arrayBuffer());
      expect(Array.from(opened)).toEqual(Array.from(originals[index]!));
    }
    expect(forms[0]!.thumbnail).not.toBeNull();
    expect(mediaHeaderOf(new Uint8Array(await forms[0]!.thumbnail!.arrayBuffer()))?.keyKind).toBe('user');
    // The entry claims them as the server import records them: the photo its own, the rest after it, marked.
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      mediaDraftId: '00000001-0000-4000-8000-000000000000',
      attachmentDraftIds: ['00000002-0000-4000-8000-000000000000', '00000003-0000-4000-8000-000000000000'],
    });
    const text = await openEntryTextV2(bob.entryKey, BOB, {
      ciphertext: kept[0]!.encryptedContent,
      iv: kept[0]!.encryptionIv,
    });
    expect(text).toBe('Picnic by the lake\n\n![Photo 1](attachment:1)\n\n![Audio 2](attachment:2)');

    // Nothing plain in any request: every body, form parts included, and every address.
    const decoder = new TextDecoder('latin1');
    let everything = '';
    for (const [input, init] of fetchMock.mock.calls) {
      everything += String(input);
      const body = init?.body;
      if (body instanceof FormData)
        for (const value of body.values())
          everything += typeof value === 'string' ? value : decoder.decode(await value.arrayBuffer());
      else everything += String(body ?? '');
    }
    for (const marker of [
      'Picnic',
      'Exif',
      'Lake Annecy',
      'ftypM4A',
      'ducks',
      '%PDF',
      'menu',
      'CC0000',
      md5('a'),
    ])
      expect(everything, marker).not.toContain(marker);
  });
  it('stops at a photo the moderation blocks, naming it, as the server import refuses such an archive', async () => {
    await accountOf(BOB);
    fakeObjectUrls();
    fakeImageDecoding({ width: 640, height: 480 });
    fakeCanvas();
    fakeModerationWorker(() => [{ className: 'Porn', probability: 0.99 }]);
    const photoPath = `photos/${'e'.repeat(32)}.jpeg`;
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'EE000000000000000000000000000001',
          creationDate: '2022-06-01T10:00:00Z',
          timeZone: 'UTC',
          text: 'A photo that should not be here',
          photos: [{ identifier: 'P1', md5: 'e'.repeat(32), type: 'jpeg' }],
        },
      ],
    };
    const zipped = zipSync({
      'Journal.json': strToU8(JSON.stringify(journal)),
      [photoPath]: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
    });
    const batch = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    const fetchMock = stubApi({
      'POST /api/import/private/known': () => jsonResponse({ names: [], entryIds: [] }),
      'POST /api/import/private/batches': () => jsonResponse({ id: batch }, 201),
    });
    const file = new File([zipped], 'Blocked.zip', { type: 'application/zip', lastModified: 3 });
    const prepared = await prepareImport(BOB, file, {
      fallbackZone: 'UTC',
      signal: new AbortController().signal,
    });
    const run = runImport(BOB, prepared, { signal: new AbortController().signal });
    await expect(run).rejects.toThrow(PrivateImportError);
    await expect(run).rejects.toThrow(`${photoPath}: ${MEDIA_MESSAGES.imageHigh}`);
    // Neither the photo nor its entry was sent.
    const posted = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(posted.some((p) => p.endsWith('/attachments') || p.endsWith('/entries'))).toBe(false);
  });
});
