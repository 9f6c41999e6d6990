import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { isMediaContainer, MEDIA_CONTAINER } from '@daybook/shared';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/infra/storage/local.ts';
import { createS3Storage } from '../src/infra/storage/s3.ts';
import type { StorageDriver } from '../src/infra/storage/storage.ts';
import type { SealingRun } from '../src/modules/media/sealing.ts';
import { premiumUser } from './sharing-support.ts';
import { jobOf, type TestContext, useTestApp } from './support/app.ts';
import { browserEncrypt, createSignedInUser } from './support/factories.ts';
import { importArchive, uploadImportArchive } from './support/import.ts';
import {
  expectOpensNothing,
  jpegWithGps,
  m4aAudio,
  multipart,
  png,
  quickTimeVideo,
  storedPlaintext,
  wav,
  webmVideo,
} from './support/media.ts';
import { buildZip, unzip } from './support/zip.ts';

/*
 * Media encrypted at rest (ADR 081), on local disk and on an S3-compatible server alike: what is
 * stored is sealed, what is served is what was uploaded, whole and by byte ranges, and a copy of the media folder or
 * of the bucket alone opens nothing.
 */

const s3Directory = mkdtempSync(path.join(os.tmpdir(), 'daybook-s3rver-at-rest-'));
const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: s3Directory,
  configureBuckets: [{ name: 'daybook', configs: [] }],
});
let endpoint = '';
beforeAll(async () => {
  endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
});
afterAll(async () => {
  await s3.close();
  rmSync(s3Directory, { recursive: true, force: true });
});
const s3Options = () => ({
  endpoint,
  region: 'us-east-1',
  bucket: 'daybook',
  forcePathStyle: true,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
});

/** A photo-like PNG: noise does not compress, so it spans several 64 KiB chunks (about 350 KB). */
const noisyPng = () =>
  sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();

/** The bytes as the store keeps them: what the operator holding the folder or the bucket has. */
async function rawBytes(driver: StorageDriver, storagePath: string): Promise<Buffer> {
  const file = await driver.read(storagePath);
  if (!file) throw new Error(`nothing stored at ${storagePath}`);
  return buffer(file.stream);
}

async function rawFilesOf(driver: StorageDriver, userId: string): Promise<string[]> {
  const paths: string[] = [];
  for await (const page of driver.list())
    paths.push(...page.map((f) => f.path).filter((p) => p.startsWith(userId)));
  return paths;
}

async function uploadDraft(
  ctx: TestContext,
  cookie: string,
  type: 'image' | 'audio' | 'video',
  bytes: Buffer,
) {
  const body = multipart(bytes);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/media/drafts?mediaType=${type}`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>();
}

async function saveWithMedia(
  ctx: TestContext,
  owner: { cookie: string; user: { id: string } },
  draftId: string,
  text = 'with a file',
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/entries',
    headers: { cookie: owner.cookie },
    payload: { ...(await browserEncrypt(ctx, owner.cookie, owner.user.id, text)), mediaDraftId: draftId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ entry: { id: string; mediaUrl: string } }>().entry;
}

/** A signed link's path and query, to request from the app under test. */
async function signedPath(ctx: TestContext, cookie: string, entryId: string, which = 'media-url') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/entries/${entryId}/${which}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(response.json<{ url: string }>().url);
  // Served by the app on S3 too: a sealed object is nothing a browser could use.
  expect(url.pathname).toBe('/api/media/file');
  return `${url.pathname}${url.search}`;
}

const stores: Array<{
  name: string;
  ctx: TestContext;
  driver: () => StorageDriver;
}> = [];
{
  const ctx = useTestApp();
  stores.push({
    name: 'local disk',
    ctx,
    driver: () => createLocalStorage({ root: (ctx.config.storage as { root: string }).root }),
  });
}
{
  const ctx = useTestApp(() => ({
    S3_BUCKET: 'daybook',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  }));
  stores.push({ name: 'S3', ctx, driver: () => createS3Storage(s3Options()) });
}

describe.each(stores)('media at rest on $name', ({ ctx, driver }) => {
  it('stores an upload sealed and serves it as uploaded, whole and by byte ranges in plaintext offsets', async () => {
    const owner = await createSignedInUser(ctx);
    const draft = await uploadDraft(ctx, owner.cookie, 'image', await noisyPng());
    const entry = await saveWithMedia(ctx, owner, draft.id);
    const stored = await rawBytes(driver(), entry.mediaUrl);
    await expectOpensNothing(stored, entry.mediaUrl);

    const link = await signedPath(ctx, owner.cookie, entry.id);
    const whole = await ctx.app.inject({ method: 'GET', url: link });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const plain = whole.rawPayload;
    const size = plain.length;
    expect(size).toBeGreaterThan(3 * MEDIA_CONTAINER.chunkBytes);
    expect(Number(whole.headers['content-length'])).toBe(size);
    expect(plain.equals(await storedPlaintext(ctx.app.services.storage, entry.mediaUrl))).toBe(true);
    expect((await sharp(plain).metadata()).format).toBe('png');
    // Sizes are the plaintext's, wherever a size is told.
    expect(await ctx.app.services.storage.size(entry.mediaUrl)).toBe(size);
    expect(stored.length).toBeGreaterThan(size);

    const C = MEDIA_CONTAINER.chunkBytes;
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      [`bytes=${C - 5}-${C + 4}`, C - 5, C + 4],
      [`bytes=${C}-${2 * C + 100}`, C, 2 * C + 100],
      ['bytes=-100', size - 100, size - 1],
      [`bytes=${size - 7}-`, size - 7, size - 1],
      [`bytes=${size - 3}-${size + 50}`, size - 3, size - 1],
    ] as const) {
      const part = await ctx.app.inject({ method: 'GET', url: link, headers: { range } });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(part.headers['content-length']), range).toBe(end - start + 1);
      expect(part.rawPayload.equals(plain.subarray(start, end + 1)), range).toBe(true);
    }
    const past = await ctx.app.inject({ method: 'GET', url: link, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('seals thumbnails, and serves them by their stable link with their caching', async () => {
    const owner = await createSignedInUser(ctx);
    const draft = await uploadDraft(ctx, owner.cookie, 'image', await png(400, 300));
    const entry = await saveWithMedia(ctx, owner, draft.id);
    await expectOpensNothing(await rawBytes(driver(), `${entry.mediaUrl}.thumb.webp`), 'thumbnail');
    const link = await signedPath(ctx, owner.cookie, entry.id, 'thumbnail-url');
    expect(await signedPath(ctx, owner.cookie, entry.id, 'thumbnail-url')).toBe(link);
    const served = await ctx.app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 240,
    });
  });

  it("refuses another user's media, and a link signed for one file opens no other", async () => {
    const owner = await createSignedInUser(ctx);
    const stranger = await createSignedInUser(ctx);
    const entry = await saveWithMedia(
      ctx,
      owner,
      (await uploadDraft(ctx, owner.cookie, 'image', await png())).id,
    );
    for (const which of ['media-url', 'thumbnail-url']) {
      const asked = await ctx.app.inject({
        method: 'GET',
        url: `/api/entries/${entry.id}/${which}`,
        headers: { cookie: stranger.cookie },
      });
      expect(asked.statusCode, which).toBe(404);
    }
    const theirs = await saveWithMedia(
      ctx,
      stranger,
      (await uploadDraft(ctx, stranger.cookie, 'image', await png(64, 64))).id,
    );
    const link = new URL(await signedPath(ctx, stranger.cookie, theirs.id), 'http://app.test');
    link.searchParams.set('path', entry.mediaUrl);
    const swapped = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(swapped.statusCode).toBe(403);
  });

  it('the operator holding the media folder or the bucket, without ENCRYPTION_SECRET, opens no image, audio or video', async () => {
    const owner = await premiumUser(ctx);
    const uploads: Array<['image' | 'audio' | 'video', Buffer]> = [
      ['image', await jpegWithGps({ upright: true })],
      ['image', await jpegWithGps()],
      ['image', await png()],
      ['audio', wav(2)],
      ['audio', m4aAudio(1)],
      ['video', webmVideo(1)],
      ['video', quickTimeVideo(1)],
    ];
    for (const [type, bytes] of uploads) {
      const draft = await uploadDraft(ctx, owner.cookie, type, bytes);
      if (type === 'video') {
        const poster = `data:image/png;base64,${(await png(64, 48)).toString('base64')}`;
        const put = await ctx.app.inject({
          method: 'PUT',
          url: `/api/media/drafts/${draft.id}/poster`,
          headers: { cookie: owner.cookie },
          payload: { poster },
        });
        expect(put.statusCode, put.body).toBe(200);
      }
      await saveWithMedia(ctx, owner, draft.id);
    }
    // An archive waiting for its check is the person's data too (ADR 077).
    // Stored, not deflated: its words would show in the zip's bytes, were it not sealed.
    const journal = {
      metadata: { version: '1.0' },
      entries: [{ uuid: 'A1', creationDate: '2024-05-01T08:00:00Z', text: 'Daybook Test: a day by the sea' }],
    };
    const archive = buildZip([{ name: 'Journal.json', data: JSON.stringify(journal), isDeflated: false }]);
    expect((await uploadImportArchive(ctx, owner.cookie, archive)).statusCode).toBe(202);

    const files = await rawFilesOf(driver(), owner.user.id);
    expect(files.filter((p) => p.endsWith('.thumb.webp'))).toHaveLength(5);
    expect(files.filter((p) => p.includes('/imports/'))).toHaveLength(1);
    expect(files).toHaveLength(uploads.length + 5 + 1);
    for (const file of files) await expectOpensNothing(await rawBytes(driver(), file), file);
  });

  it('exports plaintext media, and an import writes its media sealed', async () => {
    const owner = await createSignedInUser(ctx);
    const entry = await saveWithMedia(
      ctx,
      owner,
      (await uploadDraft(ctx, owner.cookie, 'image', await noisyPng())).id,
    );
    const plain = await storedPlaintext(ctx.app.services.storage, entry.mediaUrl);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/archive',
      headers: { cookie: owner.cookie },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const members = await unzip(exported.rawPayload);
    const media = [...members].filter(([name]) => name.endsWith('.png'));
    expect(media).toHaveLength(1);
    expect(media[0]![1].equals(plain)).toBe(true);

    const newcomer = await createSignedInUser(ctx);
    const { report } = await importArchive(ctx, newcomer.cookie, exported.rawPayload);
    expect(report.imported).toBe(1);
    const files = await rawFilesOf(driver(), newcomer.user.id);
    expect(files.filter((p) => p.endsWith('.png'))).toHaveLength(1);
    for (const file of files) await expectOpensNothing(await rawBytes(driver(), file), file);
    const imported = files.find((p) => p.endsWith('.png'))!;
    expect((await storedPlaintext(ctx.app.services.storage, imported)).equals(plain)).toBe(true);
  });

  it('the sealing job seals files stored plain, stops when told, resumes, and every file is served as before', async () => {
    const owner = await createSignedInUser(ctx);
    const raw = driver();
    const storage = ctx.app.services.storage;
    const saved: Array<{ id: string; mediaUrl: string }> = [];
    // Three: a Free user's day.
    for (let i = 0; i < 3; i++)
      saved.push(
        await saveWithMedia(ctx, owner, (await uploadDraft(ctx, owner.cookie, 'image', await noisyPng())).id),
      );
    // The files as the previous version stored them: plain, under the same paths.
    const files = await rawFilesOf(raw, owner.user.id);
    expect(files).toHaveLength(6);
    const plain = new Map<string, Buffer>();
    for (const file of files) {
      const bytes = await storedPlaintext(storage, file);
      plain.set(file, bytes);
      await raw.write(file, Readable.from([bytes]), bytes.length, 'application/octet-stream');
    }
    const sealedNow = async () => {
      const sealed = [];
      for (const file of files) if (isMediaContainer(await rawBytes(raw, file))) sealed.push(file);
      return sealed;
    };
    expect(await sealedNow()).toEqual([]);
    const servesAsBefore = async () => {
      for (const entry of saved) {
        const link = await signedPath(ctx, owner.cookie, entry.id);
        const served = await ctx.app.inject({ method: 'GET', url: link });
        expect(served.rawPayload.equals(plain.get(entry.mediaUrl)!), entry.mediaUrl).toBe(true);
        const part = await ctx.app.inject({
          method: 'GET',
          url: link,
          headers: { range: 'bytes=65530-65545' },
        });
        expect(part.rawPayload.equals(plain.get(entry.mediaUrl)!.subarray(65530, 65546))).toBe(true);
      }
    };
    await servesAsBefore();

    // Stopped by its scheduler after three files, as an instance that shuts down.
    const stopping = new AbortController();
    let looked = 0;
    const stopsAfterThree = {
      ...storage,
      sealInPlace: async (file: string, workDir: string) => {
        const outcome = await storage.sealInPlace(file, workDir);
        if (file.startsWith(owner.user.id) && ++looked === 3) stopping.abort();
        return outcome;
      },
    };
    const job = jobOf(ctx, 'seal-stored-media', { storage: stopsAfterThree });
    const stopped = (await job.run(stopping.signal)) as SealingRun;
    expect(stopped.outcome).toBe('stopped');
    expect(await sealedNow()).toHaveLength(3);
    // Plain and sealed side by side meanwhile, both served.
    await servesAsBefore();

    // Two instances at once: one holds the job, the other goes on.
    const [resumed, other] = (await Promise.all([
      jobOf(ctx, 'seal-stored-media').run(),
      jobOf(ctx, 'seal-stored-media').run(),
    ])) as SealingRun[];
    const [ran, skipped] = resumed!.outcome === 'pass done' ? [resumed!, other!] : [other!, resumed!];
    expect(skipped.outcome).toBe('not claimed');
    expect(ran.outcome).toBe('pass done');
    expect((await sealedNow()).sort()).toEqual([...files].sort());
    for (const file of files) await expectOpensNothing(await rawBytes(raw, file), file);
    await servesAsBefore();

    // A pass an hour after the first, finding nothing, finishes the job; nothing runs after that.
    expect(((await jobOf(ctx, 'seal-stored-media').run()) as SealingRun).outcome).toBe(
      'waiting for the next pass',
    );
    ctx.clock.advance(61 * 60_000);
    const last = (await jobOf(ctx, 'seal-stored-media').run()) as SealingRun;
    expect(last).toMatchObject({ outcome: 'finished', sealed: 0 });
    expect(((await jobOf(ctx, 'seal-stored-media').run()) as SealingRun).outcome).toBe('not claimed');
  });
});

describe('the media folder, as a whole', () => {
  const local = stores[0]!;
  it('holds no file a media tool recognises, whoever stored it', async () => {
    const root = (local.ctx.config.storage as { root: string }).root;
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const full = path.join(file.parentPath, file.name);
      await expectOpensNothing(readFileSync(full), path.relative(root, full));
    }
  });
});
