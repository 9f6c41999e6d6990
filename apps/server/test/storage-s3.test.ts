import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { isMediaContainer } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDrafts } from '../src/db/schema/index.ts';
import { createMediaKeys } from '../src/infra/crypto/media-cipher.ts';
import { createMediaLinks } from '../src/infra/storage/links.ts';
import { createS3Storage } from '../src/infra/storage/s3.ts';
import { createSealedStorage } from '../src/infra/storage/sealed.ts';
import { premiumUser, shareEntry, tokenIn, useSmtp, viewLink, writePhotoEntry } from './sharing-support.ts';
import { useTestApp } from './support/app.ts';
import { browserEncrypt, createSignedInUser, uniqueEmail } from './support/factories.ts';
import { multipart, png } from './support/media.ts';

/** A local server that speaks the S3 protocol, standing in for AWS, MinIO or R2. */
const directory = mkdtempSync(path.join(os.tmpdir(), 'daybook-s3rver-'));
const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: 'daybook', configs: [] }],
});
let endpoint = '';
beforeAll(async () => {
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3.close();
  rmSync(directory, { recursive: true, force: true });
});

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const userId = '8d1f2c3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const fileId = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

describe('S3 storage driver under the sealed storage', () => {
  it('puts sealed, moves, lists in key order, signs, reads plaintext and removes objects', async () => {
    const driver = createS3Storage({
      endpoint,
      region: 'us-east-1',
      bucket: 'daybook',
      forcePathStyle: true,
      ...credentials,
    });
    const storage = createSealedStorage(driver, {
      keys: createMediaKeys('an-encryption-secret-for-this-test-only'),
      links: createMediaLinks({ secret: 'a-link-secret', appUrl: 'http://app.test', now: () => new Date() }),
    });
    const local = path.join(directory, 'source.png');
    const bytes = await png(50, 40);
    writeFileSync(local, bytes);
    const draft = `${userId}/drafts/${fileId}.png`;
    const final = `${userId}/2026-11-21/${fileId}.png`;
    await storage.putFile(draft, local, 'image/png');
    expect(await storage.exists(draft)).toBe(true);
    await storage.move(draft, final);
    expect(await storage.exists(draft)).toBe(false);
    const listed = [];
    for await (const page of storage.list()) listed.push(...page);
    expect(listed.map((file) => file.path)).toContain(final);
    expect(listed.find((file) => file.path === final)?.modifiedAt).toBeInstanceOf(Date);
    const after = [];
    for await (const page of storage.list(final)) after.push(...page);
    expect(after.map((file) => file.path)).not.toContain(final);
    // The object in the bucket is sealed, and says nothing of its type.
    const object = await driver.read(final);
    const stored = await buffer(object!.stream);
    expect(isMediaContainer(stored)).toBe(true);
    expect(stored.includes(bytes.subarray(0, 8))).toBe(false);
    const url = await storage.signedUrl(final, { expiresInSeconds: 3600, contentType: 'image/png' });
    expect(url.startsWith('http://app.test/api/media/file?')).toBe(true);
    // Export reads objects as streams and sizes them, in plaintext bytes.
    expect(await storage.size(final)).toBe(bytes.length);
    const read = await storage.read(final);
    expect(read?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of read!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await storage.remove(final);
    expect(await storage.exists(final)).toBe(false);
    expect(await storage.size(final)).toBeNull();
    expect(await storage.read(final)).toBeNull();
    await expect(
      storage.signedUrl('../etc/passwd', { expiresInSeconds: 60, contentType: 'text/plain' }),
    ).rejects.toThrow();
  });
});

describe('the app on S3 storage', () => {
  const ctx = useTestApp(() => ({
    S3_BUCKET: 'daybook',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  }));
  const mail = useSmtp(ctx);

  it('uploads a draft to the bucket, attaches it to an entry and serves it through the app by a signed URL', async () => {
    const storage = ctx.app.services.storage;
    expect(storage.kind).toBe('s3');

    const { user, cookie } = await createSignedInUser(ctx);
    const body = multipart(await png());
    const draft = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/media/drafts?mediaType=image',
        headers: { cookie, ...body.headers },
        payload: body.payload,
      })
    ).json();
    const [row] = await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.id, draft.id));
    expect(await storage.exists(row!.filePath)).toBe(true);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie },
      payload: { ...(await browserEncrypt(ctx, cookie, user.id, 'by the sea')), mediaDraftId: draft.id },
    });
    const { entry } = created.json();
    expect(await storage.exists(entry.mediaUrl)).toBe(true);
    const signed = (
      await ctx.app.inject({ method: 'GET', url: `/api/entries/${entry.id}/media-url`, headers: { cookie } })
    ).json();
    // Sealed objects are served by the app (ADR 081), never by a presigned URL of the store.
    const inApp = (url: string) => {
      const parsed = new URL(url);
      expect(parsed.origin).not.toBe(endpoint);
      expect(parsed.pathname).toBe('/api/media/file');
      return `${parsed.pathname}${parsed.search}`;
    };
    const mediaLink = inApp(signed.url);
    const served = await ctx.app.inject({ method: 'GET', url: mediaLink });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');

    // Its thumbnail moved with it (ADR 044) and is signed from the start of its window: the same URL again.
    const thumbnailUrl = () =>
      ctx.app.inject({ method: 'GET', url: `/api/entries/${entry.id}/thumbnail-url`, headers: { cookie } });
    const thumbnail = (await thumbnailUrl()).json();
    expect((await thumbnailUrl()).json().url).toBe(thumbnail.url);
    const thumbnailLink = inApp(thumbnail.url);
    const thumb = await ctx.app.inject({ method: 'GET', url: thumbnailLink });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 240,
    });

    // Deleting the entry deletes the object, and the links it had answer 404 at once.
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${entry.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storage.exists(entry.mediaUrl)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: mediaLink })).statusCode).toBe(404);
    expect(await storage.exists(`${entry.mediaUrl}.thumb.webp`)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: thumbnailLink })).statusCode).toBe(404);
  });

  it('serves shared media through the app, and stops the moment the share is revoked', async () => {
    const sender = await premiumUser(ctx);
    const entry = await writePhotoEntry(ctx, sender.cookie, sender.user.id, 'Harbour lights');
    const email = uniqueEmail('friend');
    const created = await shareEntry(ctx, sender.cookie, entry.id, [email]);
    expect(created.statusCode, created.body).toBe(201);
    const shown = (await viewLink(ctx, tokenIn((await mail.mailsTo(email))[0]!))).json();
    const url = new URL(shown.entry.media.url);
    expect(url.origin).not.toBe(endpoint);
    expect(url.pathname).toMatch(/^\/api\/share-media\//);
    const link = `${url.pathname}${url.search}`;

    const served = await ctx.app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    // Ranges come from the bucket as ranges, so audio and video seek as they do on local storage.
    const part = await ctx.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=8-15' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${served.rawPayload.length}`);
    expect(part.rawPayload.equals(served.rawPayload.subarray(8, 16))).toBe(true);

    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/shares/${created.json().shares[0].id}/revoke`,
      headers: { cookie: sender.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });
});
