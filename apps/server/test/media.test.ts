import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { entries, mediaDrafts, subscriptions } from '../src/db/schema/index.ts';
import { createMailTransport } from '../src/infra/mail/transport.ts';
import { verdictFromPredictions } from '../src/infra/moderation/image-moderator.ts';
import { jobOf, type TestContext, useTestApp } from './support/app.ts';
import { browserEncrypt, createSignedInUser } from './support/factories.ts';
import {
  exifHasGps,
  jpegWithGps,
  multipart,
  png,
  storedPlaintext,
  wav,
  webmAudio,
  webmVideo,
} from './support/media.ts';

const HOUR = 3600_000;

/**
 * A tampered copy that always differs. A fixed replacement would equal the original now and then, and the last
 * base64 character carries padding bits, so the first one changes.
 */
const tamperedSignature = (value: string) => `${value.startsWith('A') ? 'B' : 'A'}${value.slice(1)}`;

/** Deterministic noise: the same "random" bytes on every run. */
function noise(length: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** The EBML header and the opening of the Segment of a real WebM, then noise where the tracks should be. */
function webmHeaderThenNoise(): Buffer {
  const real = webmVideo(2, { live: true });
  const segment = real.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
  return Buffer.concat([real.subarray(0, segment + 12), noise(20_000)]);
}

/** An MP4 `ftyp` box (what file-type sniffs as video/mp4), then noise. */
const mp4HeaderThenNoise = () =>
  Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), noise(20_000)]);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

async function premium(ctx: TestContext) {
  const signedIn = await createSignedInUser(ctx);
  await ctx.database.db
    .update(subscriptions)
    .set({ planId: 'premium' })
    .where(eq(subscriptions.userId, signedIn.user.id));
  return signedIn;
}

const upload = (
  ctx: TestContext,
  cookie: string,
  mediaType: string,
  file: Buffer,
  options: { filename?: string; contentType?: string } = {},
) => {
  const body = multipart(file, options);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/media/drafts?mediaType=${mediaType}`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};

/** Where an app's files land, and the check that a refused upload left neither a row nor a file behind. */
function storedFiles(ctx: TestContext) {
  const mediaRoot = () => path.join(ctx.config.dataDir, 'media');
  const tmpRoot = () => path.join(ctx.config.dataDir, 'tmp');
  return {
    mediaRoot,
    tmpRoot,
    async expectNothingStored(userId: string) {
      expect(await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, userId))).toEqual(
        [],
      );
      expect(filesUnder(path.join(mediaRoot(), userId))).toEqual([]);
      expect(filesUnder(tmpRoot())).toEqual([]);
    },
  };
}

describe('media uploads', () => {
  const ctx = useTestApp();
  const { mediaRoot, tmpRoot, expectNothingStored } = storedFiles(ctx);

  it('stores an image as a draft under {userId}/drafts with its sniffed type, size and dimensions', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const response = await upload(ctx, cookie, 'image', await png(800, 600), {
      filename: '../../../etc/passwd',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      mediaType: 'image',
      mimeType: 'image/png',
      width: 800,
      height: 600,
      moderation: { severity: 'safe' },
    });
    const [draft] = await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, user.id));
    expect(draft?.filePath).toMatch(new RegExp(`^${user.id}/drafts/[0-9a-f-]{36}\\.png$`));
    // The clean copy and its thumbnail beside it (ADR 044), nothing else.
    const stored = path.join(mediaRoot(), ...draft!.filePath.split('/'));
    expect(filesUnder(path.join(mediaRoot(), user.id)).sort()).toEqual([stored, `${stored}.thumb.webp`]);
    expect(existsSync('/etc/passwd.png')).toBe(false);
    expect(filesUnder(tmpRoot()), 'temporary files').toEqual([]);
  });

  it('enforces the plan: a Free user cannot store audio or video, whatever the client sends', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    for (const [type, file] of [
      ['audio', wav(2)],
      ['video', wav(2)],
    ] as const) {
      const response = await upload(ctx, cookie, type, file, { contentType: `${type}/webm` });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'MEDIA_NOT_ALLOWED' });
    }
    await expectNothingStored(user.id);
  });

  it('accepts audio and video within their limits on Premium, with the probed duration', async () => {
    const { cookie } = await premium(ctx);
    const audio = await upload(ctx, cookie, 'audio', wav(3), { contentType: 'audio/wav' });
    expect(audio.statusCode).toBe(201);
    expect(audio.json()).toMatchObject({ mediaType: 'audio', durationSeconds: 3 });
    const video = await upload(ctx, cookie, 'video', webmVideo(2), { contentType: 'video/webm' });
    expect(video.statusCode).toBe(201);
    expect(video.json().mediaType).toBe('video');
    expect(video.json().durationSeconds).toBeCloseTo(2, 0);
  });

  it.each([
    ['bytes that do not match the claimed type', 'audio', () => png(), 400, MEDIA_MESSAGES.invalidAudio],
    [
      'a text file claiming to be an image',
      'image',
      async () => Buffer.from('<svg onload="alert(1)"></svg>'),
      400,
      MEDIA_MESSAGES.invalidImage,
    ],
    [
      'an image over 5 MB',
      'image',
      async () => Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]),
      413,
      MEDIA_MESSAGES.imageTooLarge,
    ],
    ['audio over 120 seconds', 'audio', async () => wav(121), 400, MEDIA_MESSAGES.audioTooLong],
    ['video over 60 seconds', 'video', async () => webmVideo(61), 400, MEDIA_MESSAGES.videoTooLong],
    ['a decompression bomb', 'image', () => png(8000, 7000), 400, MEDIA_MESSAGES.imageTooManyPixels],
    ['an empty file', 'image', async () => Buffer.alloc(0), 400, MEDIA_MESSAGES.invalidImage],
  ])('refuses %s and leaves nothing behind', async (_label, type, make, status, message) => {
    const { user, cookie } = await premium(ctx);
    const response = await upload(ctx, cookie, type, await make());
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    await expectNothingStored(user.id);
  });

  it('refuses a truncated upload and leaves nothing behind', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const body = multipart(await png());
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/media/drafts?mediaType=image',
      headers: { cookie, ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 200),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    await expectNothingStored(user.id);
  });

  it('attaches a draft to an entry: the file moves to {userId}/{date}, the draft row goes, a signed URL serves it', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    ctx.clock.set(new Date('2026-11-21T09:00:00Z'));
    const draft = (await upload(ctx, cookie, 'image', await png())).json();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie },
      payload: { ...(await browserEncrypt(ctx, cookie, user.id, '')), mediaDraftId: draft.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { entry } = created.json();
    expect(entry).toMatchObject({ contentType: 'image' });
    expect(entry.mediaUrl).toMatch(new RegExp(`^${user.id}/2026-11-21/[0-9a-f-]{36}\\.png$`));
    expect(await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, user.id))).toEqual(
      [],
    );
    expect(filesUnder(path.join(mediaRoot(), user.id, 'drafts'))).toEqual([]);

    const signed = (
      await ctx.app.inject({ method: 'GET', url: `/api/entries/${entry.id}/media-url`, headers: { cookie } })
    ).json();
    expect(new Date(signed.expiresAt).getTime() - ctx.clock.now().getTime()).toBe(3600_000);
    const url = new URL(signed.url);
    const file = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('inline');
    const range = await ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(10);

    const tampered = new URLSearchParams(url.search);
    tampered.set('signature', tamperedSignature(tampered.get('signature')!));
    expect((await ctx.app.inject({ method: 'GET', url: `${url.pathname}?${tampered}` })).statusCode).toBe(
      403,
    );
    const otherFile = new URLSearchParams(url.search);
    otherFile.set('path', entry.mediaUrl.replace(/\.png$/, '-other.png'));
    expect((await ctx.app.inject({ method: 'GET', url: `${url.pathname}?${otherFile}` })).statusCode).toBe(
      403,
    );
    ctx.clock.advance(HOUR + 1000);
    expect((await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(
      403,
    );
  });

  it("refuses another user's draft id and leaves it where it is", async () => {
    const owner = await createSignedInUser(ctx);
    const thief = await createSignedInUser(ctx);
    const draft = (await upload(ctx, owner.cookie, 'image', await png())).json();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie: thief.cookie },
      payload: {
        ...(await browserEncrypt(ctx, thief.cookie, thief.user.id, 'mine now')),
        mediaDraftId: draft.id,
      },
    });
    expect(response.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(entries).where(eq(entries.userId, thief.user.id))).toEqual([]);
    expect(await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.id, draft.id))).toHaveLength(
      1,
    );
  });

  it('when the move fails, removes the draft row and file and says so', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const draft = (await upload(ctx, cookie, 'image', await png())).json();
    const [row] = await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.id, draft.id));
    await ctx.app.services.storage.remove(row!.filePath);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie },
      payload: { ...(await browserEncrypt(ctx, cookie, user.id, 'with a photo')), mediaDraftId: draft.id },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'MEDIA_SAVE_FAILED', message: MEDIA_MESSAGES.saveFailed });
    expect(await ctx.database.db.select().from(entries).where(eq(entries.userId, user.id))).toEqual([]);
    await expectNothingStored(user.id);
  });

  it('removes drafts older than 24 hours with their files', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await upload(ctx, cookie, 'image', await png());
    ctx.clock.advance(23 * HOUR);
    expect(await ctx.app.services.media.removeStaleDrafts()).toBe(0);
    ctx.clock.advance(2 * HOUR);
    expect(await ctx.app.services.media.removeStaleDrafts()).toBeGreaterThanOrEqual(1);
    await expectNothingStored(user.id);
  });
});

describe('media privacy and validation', () => {
  // Its own app and database: the upload rate limit (30 per 10 minutes) spans a describe block.
  const ctx = useTestApp();
  const { mediaRoot, tmpRoot, expectNothingStored } = storedFiles(ctx);

  it.each([
    ['a truncated PNG', 'image', async () => (await png()).subarray(0, 600), MEDIA_MESSAGES.invalidImage],
    [
      'a JPEG cut in half',
      'image',
      async () => {
        const photo = await jpegWithGps();
        return photo.subarray(0, Math.floor(photo.length / 2));
      },
      MEDIA_MESSAGES.invalidImage,
    ],
    [
      'a WebM cut in half',
      'video',
      async () => {
        const video = webmVideo(2);
        return video.subarray(0, Math.floor(video.length / 2));
      },
      MEDIA_MESSAGES.invalidVideo,
    ],
    [
      'random bytes after an EBML header',
      'video',
      async () => Buffer.concat([webmVideo(2).subarray(0, 0x24), noise(20_000)]),
      MEDIA_MESSAGES.invalidVideo,
    ],
    [
      'random bytes inside a live-stream segment',
      'video',
      async () => webmHeaderThenNoise(),
      MEDIA_MESSAGES.invalidVideo,
    ],
    [
      'a valid WebM with bytes appended',
      'video',
      async () => Buffer.concat([webmVideo(2), noise(4096)]),
      MEDIA_MESSAGES.invalidVideo,
    ],
    [
      'random bytes after an MP4 header',
      'video',
      async () => mp4HeaderThenNoise(),
      MEDIA_MESSAGES.invalidVideo,
    ],
    ['a silent video sent as audio', 'audio', async () => webmVideo(2), MEDIA_MESSAGES.invalidAudio],
    [
      'random bytes after a WebM header sent as audio',
      'audio',
      async () => webmHeaderThenNoise(),
      MEDIA_MESSAGES.invalidAudio,
    ],
  ])(
    'refuses %s with 422 MEDIA_UNREADABLE and leaves nothing behind',
    async (_label, type, make, message) => {
      const { user, cookie } = await premium(ctx);
      const response = await upload(ctx, cookie, type, await make());
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ code: 'MEDIA_UNREADABLE', message });
      await expectNothingStored(user.id);
    },
  );

  it('accepts recordings written as live streams (no duration header), timed by their last block', async () => {
    const { cookie } = await premium(ctx);
    const video = await upload(ctx, cookie, 'video', webmVideo(3, { live: true }));
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json().durationSeconds).toBeGreaterThanOrEqual(2.5);
    expect(video.json().durationSeconds).toBeLessThanOrEqual(3);
    const audio = await upload(ctx, cookie, 'audio', webmAudio(2));
    expect(audio.statusCode, audio.body).toBe(201);
    expect(audio.json()).toMatchObject({ mediaType: 'audio', mimeType: 'audio/webm' });
    expect(audio.json().durationSeconds).toBeCloseTo(2, 0);
    const tooLong = await upload(ctx, cookie, 'video', webmVideo(70, { live: true }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(MEDIA_MESSAGES.videoTooLong);
  });

  it('stores a photo re-encoded and upright, without EXIF, GPS, XMP or ICC, and serves it so', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    // The premise: the upload really carries all of it.
    expect(before).toMatchObject({ format: 'jpeg', orientation: 6, width: 64, height: 32 });
    expect(exifHasGps(before.exif!)).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const response = await upload(ctx, cookie, 'image', original, { contentType: 'image/jpeg' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ mimeType: 'image/jpeg', width: 32, height: 64 });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie },
      payload: { ...(await browserEncrypt(ctx, cookie, user.id, '')), mediaDraftId: response.json().id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { entry } = created.json();
    const signed = (
      await ctx.app.inject({ method: 'GET', url: `/api/entries/${entry.id}/media-url`, headers: { cookie } })
    ).json();
    const url = new URL(signed.url);
    const served = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);

    const after = await sharp(served.rawPayload).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 32, height: 64 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(served.rawPayload.includes('Ada Lovelace')).toBe(false);
    expect(served.rawPayload.includes('Daybook Test')).toBe(false);
  });

  it('removes the metadata of an upright sRGB JPEG without re-encoding it: same pixels, no GPS, nothing appended', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const picture = await jpegWithGps({ upright: true });
    const original = Buffer.concat([picture, Buffer.from('PK\x03\x04 Daybook Test appendix')]);
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ format: 'jpeg', orientation: 1, width: 64, height: 32 });
    expect(exifHasGps(before.exif!)).toBe(true);
    expect(before.icc).toBeUndefined();

    const response = await upload(ctx, cookie, 'image', original, { contentType: 'image/jpeg' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ mimeType: 'image/jpeg', width: 64, height: 32 });
    const [stored] = filesUnder(path.join(mediaRoot(), user.id));
    const bytes = await storedPlaintext(
      ctx.app.services.storage,
      path.relative(mediaRoot(), stored!).split(path.sep).join('/'),
    );
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 64, height: 32 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes('Daybook Test')).toBe(false);
    expect(bytes.includes('Ada Lovelace')).toBe(false);
    // Lossless: the same pixels and the uploaded quantisation tables (an encoder writes its own, quality 88).
    expect(await sharp(bytes).raw().toBuffer()).toEqual(await sharp(picture).raw().toBuffer());
    const quantisation = (jpeg: Buffer) => {
      const at = jpeg.indexOf(Buffer.from([0xff, 0xdb]));
      return jpeg.subarray(at, at + 2 + jpeg.readUInt16BE(at + 2));
    };
    expect(quantisation(bytes)).toEqual(quantisation(picture));
    expect(filesUnder(tmpRoot()), 'temporary files').toEqual([]);
  });

  it("stops serving a deleted entry's media at once and removes its file", async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const draft = (await upload(ctx, cookie, 'image', await png())).json();
    const { entry } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/entries',
        headers: { cookie },
        payload: { ...(await browserEncrypt(ctx, cookie, user.id, 'gone soon')), mediaDraftId: draft.id },
      })
    ).json();
    const signed = (
      await ctx.app.inject({ method: 'GET', url: `/api/entries/${entry.id}/media-url`, headers: { cookie } })
    ).json();
    const url = new URL(signed.url);
    const link = `${url.pathname}${url.search}`;
    expect((await ctx.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${entry.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: link });
    expect(after.statusCode).toBe(404);
    expect(after.json()).toEqual({ code: 'NOT_FOUND', message: MEDIA_MESSAGES.unavailable });
    expect(await ctx.app.services.storage.exists(entry.mediaUrl)).toBe(false);
    expect(filesUnder(path.join(mediaRoot(), user.id))).toEqual([]);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row).toMatchObject({ mediaUrl: null, contentType: 'image' });
    expect(row?.deletedAt).not.toBeNull();
  });

  it('sweeps stored files that no entry or draft refers to, once they are an hour old', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const storage = ctx.app.services.storage;
    const kept = (await upload(ctx, cookie, 'image', await png())).json();
    const attached = (await upload(ctx, cookie, 'image', await png(320, 200))).json();
    const { entry } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/entries',
        headers: { cookie },
        payload: { ...(await browserEncrypt(ctx, cookie, user.id, '')), mediaDraftId: attached.id },
      })
    ).json();
    // A file with no row at all, and one moved for an entry whose insert never happened (a crash between
    // the two: the draft is taken, the file is in place, no entry points at it).
    const loose = path.join(tmpRoot(), 'loose.png');
    writeFileSync(loose, await png(10, 10));
    const orphan = `${user.id}/drafts/00000000-0000-4000-8000-000000000001.png`;
    await storage.putFile(orphan, loose, 'image/png');
    rmSync(loose);
    const crashed = (await upload(ctx, cookie, 'image', await png(30, 30))).json();
    const claimed = await ctx.app.services.media.claimDraft(
      { ...user, fullName: user.name, avatarUrl: null },
      crashed.id,
      '2026-11-22',
    );
    const [keptRow] = await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.id, kept.id));
    const sweep = jobOf(ctx, 'sweep-orphan-media', { storage });

    // Within the grace period an upload or a save may be between its file and its row: nothing goes.
    ctx.clock.advance(30 * 60_000);
    await sweep.run();
    for (const p of [orphan, claimed.mediaUrl, keptRow!.filePath, entry.mediaUrl])
      expect(await storage.exists(p), p).toBe(true);

    ctx.clock.advance(HOUR);
    await sweep.run();
    expect(await storage.exists(orphan)).toBe(false);
    expect(await storage.exists(claimed.mediaUrl)).toBe(false);
    expect(await storage.exists(keptRow!.filePath)).toBe(true);
    expect(await storage.exists(entry.mediaUrl)).toBe(true);
  });

  it('keeps media, uploads and mail readable by the server user only', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    expect((await upload(ctx, cookie, 'image', await png())).statusCode).toBe(201);
    const mail = createMailTransport(ctx.config);
    expect(mail.kind).toBe('mailbox');
    await mail.send({ to: user.email, subject: 'Private', html: '<p>link</p>', text: 'link' });
    const mailDir = ctx.config.mail.mailDir;
    const paths = [...filesUnder(path.join(mediaRoot(), user.id)), ...filesUnder(mailDir)];
    expect(paths.filter((p) => p.endsWith('.eml'))).not.toHaveLength(0);
    expect(paths.filter((p) => p.endsWith('.png'))).not.toHaveLength(0);
    const dirs = [
      mailDir,
      tmpRoot(),
      path.join(mediaRoot(), user.id),
      path.join(mediaRoot(), user.id, 'drafts'),
    ];
    for (const p of [...paths, ...dirs]) expect(statSync(p).mode & 0o077, p).toBe(0);
  });
});

describe('image moderation', () => {
  const ctx = useTestApp();

  it('classifies images with nsfwjs on the WASM backend, answering the spec result shape', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const image = (await png(320, 240, '#88aacc')).toString('base64');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/moderation/image',
      headers: { cookie },
      payload: { imageData: `data:image/png;base64,${image}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ safe: true, severity: 'safe', flags: [] });
    const video = await ctx.app.inject({
      method: 'POST',
      url: '/api/moderation/video',
      headers: { cookie },
      payload: { frames: Array.from({ length: 5 }, () => `data:image/png;base64,${image}`) },
    });
    expect(video.json()).toMatchObject({ severity: 'safe' });
    const truncated = await ctx.app.inject({
      method: 'POST',
      url: '/api/moderation/image',
      headers: { cookie },
      payload: { imageData: `data:image/png;base64,${(await png()).subarray(0, 600).toString('base64')}` },
    });
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json()).toEqual({ code: 'MEDIA_UNREADABLE', message: MEDIA_MESSAGES.invalidImage });
  });

  it('maps class probabilities to severities', () => {
    const verdict = (porn: number, hentai: number, sexy: number) =>
      verdictFromPredictions([
        { className: 'Porn', probability: porn },
        { className: 'Hentai', probability: hentai },
        { className: 'Sexy', probability: sexy },
        { className: 'Neutral', probability: Math.max(0, 1 - porn - hentai - sexy) },
      ]).severity;
    expect(verdict(0.8, 0, 0)).toBe('high');
    expect(verdict(0.3, 0.3, 0)).toBe('medium');
    expect(verdict(0.05, 0, 0.7)).toBe('low');
    expect(verdict(0.01, 0.01, 0.1)).toBe('safe');
  });
});
