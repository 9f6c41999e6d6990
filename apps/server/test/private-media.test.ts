import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  deriveEntryKeyV2,
  deriveMediaKeyV2,
  type EntryKey,
  importAccountKey,
  MEDIA_CONTAINER,
  mediaHeaderOf,
  openMediaInBrowser,
  PRIVATE_MEDIA_MESSAGES,
  sealEntryTextV2,
  sealMediaInBrowser,
  sealMoodV2,
} from '@daybook/shared';
import type { InjectOptions } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaKeys } from '../src/infra/crypto/media-cipher.ts';
import { createLocalStorage } from '../src/infra/storage/local.ts';
import { createS3Storage } from '../src/infra/storage/s3.ts';
import type { StorageDriver } from '../src/infra/storage/storage.ts';
import { premiumUser } from './sharing-support.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { browserEncrypt, clientAddress } from './support/factories.ts';
import {
  expectOpensNothing,
  jpegWithGps,
  multipart,
  multipartFiles,
  png,
  wav,
  webmVideo,
} from './support/media.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';

/*
 * Media of private-mode accounts (ADR 096), on local disk and S3 alike: the browser seals each file under the
 * account key (the shared WebCrypto code the web runs), the server stores and serves the bytes as they came, and
 * the operator holding the folder or the bucket and ENCRYPTION_SECRET opens nothing. Standard accounts cannot store
 * such files, private accounts cannot store any other, and switching on replaces a stored file with its sealed twin.
 */

const PASSPHRASE = 'otters hold hands while they sleep';

const s3Directory = mkdtempSync(path.join(os.tmpdir(), 'daybook-s3rver-private-media-'));
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

const stores: Array<{ name: string; ctx: TestContext; driver: () => StorageDriver }> = [];
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
  stores.push({
    name: 'S3',
    ctx,
    driver: () =>
      createS3Storage({
        endpoint,
        region: 'us-east-1',
        bucket: 'daybook',
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  });
}

type Person = Awaited<ReturnType<typeof premiumUser>>;
type Private = { person: Person; entryKey: EntryKey; mediaKey: Uint8Array };

/** A photo-like PNG spanning several chunks, so that ranges cross chunk boundaries. */
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

const sealed = async (bytes: Buffer, mediaKey: Uint8Array) =>
  Buffer.from(await (await sealMediaInBrowser(new Uint8Array(bytes), mediaKey)).arrayBuffer());

async function rawBytes(driver: StorageDriver, storagePath: string): Promise<Buffer> {
  const file = await driver.read(storagePath);
  if (!file) throw new Error(`nothing stored at ${storagePath}`);
  return buffer(file.stream);
}

describe.each(stores)('private-mode media on $name', ({ ctx, driver }) => {
  const call = (person: Person, options: InjectOptions) =>
    ctx.app.inject({
      remoteAddress: clientAddress(),
      ...options,
      headers: { cookie: person.cookie, ...options.headers },
    });

  async function turnOn(person: Person): Promise<Private> {
    const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
    const accountKey = await importAccountKey(keys.accountKey);
    return {
      person,
      entryKey: await deriveEntryKeyV2(accountKey),
      mediaKey: await deriveMediaKeyV2(accountKey),
    };
  }

  const privatePerson = async () => turnOn(await premiumUser(ctx));

  function uploadSealed(
    person: Person,
    query: Record<string, string | number | undefined>,
    files: Record<string, Buffer>,
  ) {
    const body = multipartFiles(files);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) search.set(name, String(value));
    return call(person, {
      method: 'POST',
      url: `/api/media/sealed-drafts?${search}`,
      headers: body.headers,
      payload: body.payload,
    });
  }

  async function savePrivate({ person, entryKey }: Private, draftId: string) {
    const userId = person.user.id;
    const { ciphertext, iv } = await sealEntryTextV2(entryKey, userId, 'a private memory');
    const response = await call(person, {
      method: 'POST',
      url: '/api/entries',
      payload: {
        encryptedContent: ciphertext,
        encryptionIv: iv,
        encryptionVersion: 2,
        encryptedMood: await sealMoodV2(entryKey, userId, null),
        mediaDraftId: draftId,
      },
    });
    return response;
  }

  async function signed(person: Person, entryId: string, which = 'media-url') {
    const response = await call(person, { method: 'GET', url: `/api/entries/${entryId}/${which}` });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ url: string; sealedByUser?: boolean }>();
    const url = new URL(answer.url);
    return { answer, link: `${url.pathname}${url.search}` };
  }

  it('stores a photo, a voice note and a video sealed in the browser as they came, and serves the stored bytes', async () => {
    const owner = await privatePerson();
    const photo = await noisyPng();
    const thumbnail = await sharp(photo).resize(320, 240).webp().toBuffer();
    const uploads = [
      {
        query: {
          mediaType: 'image',
          mimeType: 'image/png',
          width: 400,
          height: 300,
          thumbWidth: 320,
          thumbHeight: 240,
        },
        plain: photo,
        thumb: thumbnail,
      },
      {
        query: { mediaType: 'audio', mimeType: 'audio/wav', durationSeconds: 2 },
        plain: wav(2),
        thumb: null,
      },
      {
        query: {
          mediaType: 'video',
          mimeType: 'video/webm',
          durationSeconds: 1,
          thumbWidth: 320,
          thumbHeight: 240,
        },
        plain: webmVideo(1),
        thumb: thumbnail,
      },
    ];
    for (const { query, plain, thumb } of uploads) {
      const container = await sealed(plain, owner.mediaKey);
      const sealedThumb = thumb ? await sealed(thumb, owner.mediaKey) : null;
      const uploaded = await uploadSealed(owner.person, query, {
        file: container,
        ...(sealedThumb ? { thumbnail: sealedThumb } : {}),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect(uploaded.json()).toMatchObject({
        mediaType: query.mediaType,
        mimeType: query.mimeType,
        fileSizeBytes: plain.length,
        moderation: null,
      });
      const saved = await savePrivate(owner, uploaded.json().id);
      expect(saved.statusCode, saved.body).toBe(201);
      const entry = saved.json().entry as { id: string; mediaUrl: string };

      const stored = await rawBytes(driver(), entry.mediaUrl);
      expect(stored.equals(container), `${query.mediaType} stored as uploaded`).toBe(true);
      expect(mediaHeaderOf(stored)?.keyKind).toBe('user');
      await expectOpensNothing(stored, entry.mediaUrl);

      const { answer, link } = await signed(owner.person, entry.id);
      expect(answer.sealedByUser).toBe(true);
      const whole = await ctx.app.inject({ method: 'GET', url: link });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('application/octet-stream');
      expect(whole.rawPayload.equals(container)).toBe(true);
      const opened = await openMediaInBrowser(new Uint8Array(whole.rawPayload), owner.mediaKey);
      expect(Buffer.from(await opened.arrayBuffer()).equals(plain)).toBe(true);

      // Ranges are over the stored bytes.
      const size = container.length;
      for (const [range, start, end] of [
        ['bytes=0-31', 0, 31],
        ['bytes=-100', size - 100, size - 1],
        [`bytes=${Math.floor(size / 2)}-`, Math.floor(size / 2), size - 1],
      ] as const) {
        const part = await ctx.app.inject({ method: 'GET', url: link, headers: { range } });
        expect(part.statusCode, range).toBe(206);
        expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
        expect(part.rawPayload.equals(container.subarray(start, end + 1)), range).toBe(true);
      }

      if (sealedThumb) {
        const storedThumb = await rawBytes(driver(), `${entry.mediaUrl}.thumb.webp`);
        expect(storedThumb.equals(sealedThumb)).toBe(true);
        await expectOpensNothing(storedThumb, 'thumbnail');
        const thumbLink = await signed(owner.person, entry.id, 'thumbnail-url');
        expect(thumbLink.answer).toMatchObject({ sealedByUser: true, width: 320, height: 240 });
        const served = await ctx.app.inject({ method: 'GET', url: thumbLink.link });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(sealedThumb)).toBe(true);
      }
    }
  });

  it("the operator with ENCRYPTION_SECRET and the folder or bucket opens nothing: not even the server's own sealing layer", async () => {
    const owner = await privatePerson();
    const photo = await jpegWithGps({ upright: true });
    const container = await sealed(photo, owner.mediaKey);
    const uploaded = await uploadSealed(
      owner.person,
      { mediaType: 'image', mimeType: 'image/jpeg' },
      { file: container },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const entry = (await savePrivate(owner, uploaded.json().id)).json().entry as {
      id: string;
      mediaUrl: string;
    };
    const stored = await rawBytes(driver(), entry.mediaUrl);
    // Sent without a thumbnail, it has none: the server cannot make one from bytes it cannot open.
    const noThumbnail = await call(owner.person, {
      method: 'GET',
      url: `/api/entries/${entry.id}/thumbnail-url`,
    });
    expect(noThumbnail.statusCode).toBe(404);
    await expectOpensNothing(stored, 'a private photo');
    // The server's own reader, holding ENCRYPTION_SECRET, refuses it; so do its keys, asked directly.
    await expect(ctx.app.services.storage.read(entry.mediaUrl)).rejects.toThrow(/does not hold/);
    const keys = createMediaKeys(ctx.config.encryptionSecret);
    expect(() => keys.keyOf(owner.person.user.id, mediaHeaderOf(stored)!)).toThrow(/does not hold/);
    // And a copy of the server's key for this user opens no chunk of it.
    const serverKey = keys.newFile(owner.person.user.id).key;
    await expect(openMediaInBrowser(new Uint8Array(stored), serverKey)).rejects.toThrow();
  });

  it('refuses a sealed file from a standard account, a server-readable file from a private one, and a damaged container', async () => {
    const standard = await premiumUser(ctx);
    const someone = await privatePerson();
    const container = await sealed(await png(), someone.mediaKey);
    const fromStandard = await uploadSealed(
      standard,
      { mediaType: 'image', mimeType: 'image/png' },
      { file: container },
    );
    expect(fromStandard.statusCode).toBe(409);
    expect(fromStandard.json().message).toBe(PRIVATE_MEDIA_MESSAGES.withoutPrivateMode);

    const body = multipart(await png());
    const plainFromPrivate = await call(someone.person, {
      method: 'POST',
      url: '/api/media/drafts?mediaType=image',
      headers: body.headers,
      payload: body.payload,
    });
    expect(plainFromPrivate.statusCode).toBe(409);
    expect(plainFromPrivate.json().message).toBe(PRIVATE_MEDIA_MESSAGES.needsPrivateKey);

    // A server-sealed (kind 0) container, bytes that are no container, a size no container has (a header and less
    // than a tag: a byte cut off the end of a whole one cannot be told from its size, and fails its tag in the
    // browser instead), a type the spec does not allow.
    const serverKind = Buffer.from(container);
    serverKind[9] = 0;
    for (const [file, mimeType] of [
      [serverKind, 'image/png'],
      [await png(), 'image/png'],
      [container.subarray(0, MEDIA_CONTAINER.headerBytes + 10), 'image/png'],
      [container, 'image/svg+xml'],
    ] as const) {
      const refused = await uploadSealed(someone.person, { mediaType: 'image', mimeType }, { file });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    // Over the photo limit once opened: refused by its size alone.
    const tooLarge = await sealed(Buffer.alloc(MEDIA_CONTAINER.chunkBytes * 80 + 1, 7), someone.mediaKey);
    const large = await uploadSealed(
      someone.person,
      { mediaType: 'image', mimeType: 'image/png' },
      { file: tooLarge },
    );
    expect(large.statusCode).toBe(413);
    // A declared length over the cap.
    const long = await uploadSealed(
      someone.person,
      { mediaType: 'audio', mimeType: 'audio/wav', durationSeconds: 10_000 },
      { file: await sealed(wav(1), someone.mediaKey) },
    );
    expect(long.statusCode).toBe(400);
  });

  it("refuses another user's ids: their draft, their entry's links and re-sealing their file", async () => {
    const owner = await privatePerson();
    const stranger = await privatePerson();
    const container = await sealed(await png(), owner.mediaKey);
    const uploaded = await uploadSealed(
      owner.person,
      { mediaType: 'image', mimeType: 'image/png' },
      { file: container },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const draft = uploaded.json();
    const stolen = await savePrivate(stranger, draft.id);
    expect(stolen.statusCode).toBe(404);
    const entry = (await savePrivate(owner, draft.id)).json().entry as { id: string };
    for (const which of ['media-url', 'thumbnail-url']) {
      const asked = await call(stranger.person, { method: 'GET', url: `/api/entries/${entry.id}/${which}` });
      expect(asked.statusCode, which).toBe(404);
    }
    const body = multipartFiles({ file: await sealed(await png(), stranger.mediaKey) });
    const reseal = await call(stranger.person, {
      method: 'PUT',
      url: `/api/entries/${entry.id}/media/sealed`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(reseal.statusCode).toBe(404);
  });

  it("re-seals a switching account's photo under its own key: the server's copy and thumbnail are replaced", async () => {
    const person = await premiumUser(ctx);
    const upload = multipart(await png(400, 300));
    const draft = await call(person, {
      method: 'POST',
      url: '/api/media/drafts?mediaType=image',
      headers: upload.headers,
      payload: upload.payload,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const created = await call(person, {
      method: 'POST',
      url: '/api/entries',
      payload: {
        ...(await browserEncrypt(ctx, person.cookie, person.user.id, 'before private mode')),
        mediaDraftId: draft.json().id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().entry as { id: string; mediaUrl: string };

    // A draft uploaded before switching on, which the server sealed, cannot go with a private entry after it.
    const early = multipart(await png(64, 64));
    const earlyDraft = await call(person, {
      method: 'POST',
      url: '/api/media/drafts?mediaType=image',
      headers: early.headers,
      payload: early.payload,
    });
    expect(earlyDraft.statusCode, earlyDraft.body).toBe(201);

    expect(await ctx.app.services.media.openFile(entry.mediaUrl, 'image')).not.toBeNull();
    const owner = await turnOn(person);
    const crossing = await savePrivate(owner, earlyDraft.json().id);
    expect(crossing.statusCode).toBe(409);
    expect(crossing.json().message).toBe(PRIVATE_MEDIA_MESSAGES.needsPrivateKey);

    // The browser downloads the plaintext through the owner's link, seals it, and sends it with a new thumbnail.
    const { answer, link } = await signed(person, entry.id);
    expect(answer.sealedByUser).toBeUndefined();
    const plain = (await ctx.app.inject({ method: 'GET', url: link })).rawPayload;
    const container = await sealed(plain, owner.mediaKey);
    const thumb = await sealed(await sharp(plain).resize(320, 240).webp().toBuffer(), owner.mediaKey);

    // A container of another length than the stored file is refused.
    const wrong = multipartFiles({ file: await sealed(plain.subarray(1), owner.mediaKey), thumbnail: thumb });
    const refused = await call(person, {
      method: 'PUT',
      url: `/api/entries/${entry.id}/media/sealed?thumbWidth=320&thumbHeight=240`,
      headers: wrong.headers,
      payload: wrong.payload,
    });
    expect(refused.statusCode).toBe(400);

    const resealTwice = [true, false];
    for (const expected of resealTwice) {
      const body = multipartFiles({ file: container, thumbnail: thumb });
      const response = await call(person, {
        method: 'PUT',
        url: `/api/entries/${entry.id}/media/sealed?thumbWidth=320&thumbHeight=240`,
        headers: body.headers,
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ resealed: expected });
    }
    expect((await rawBytes(driver(), entry.mediaUrl)).equals(container)).toBe(true);
    expect((await rawBytes(driver(), `${entry.mediaUrl}.thumb.webp`)).equals(thumb)).toBe(true);
    // Whoever else reads through the server (a share made before switching on, ADR 059) finds it unavailable.
    expect(await ctx.app.services.media.openFile(entry.mediaUrl, 'image')).toBeNull();
    const after = await signed(person, entry.id);
    expect(after.answer.sealedByUser).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: after.link })).rawPayload.equals(container)).toBe(
      true,
    );
    const thumbAfter = await signed(person, entry.id, 'thumbnail-url');
    expect(thumbAfter.answer).toMatchObject({ sealedByUser: true, width: 320, height: 240 });

    // A standard account cannot re-seal anything.
    const standard = await premiumUser(ctx);
    const body = multipartFiles({ file: container });
    const notPrivate = await call(standard, {
      method: 'PUT',
      url: `/api/entries/${entry.id}/media/sealed`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(notPrivate.statusCode).toBe(404);
  });
});
