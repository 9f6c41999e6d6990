import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { entries, mediaDrafts } from '../src/db/schema/index.ts';
import { thumbnailPathOf } from '../src/infra/storage/storage.ts';
import { purgeDueAccounts } from '../src/modules/account/deletion.ts';
import { jobOf, type TestContext, useTestApp } from './support/app.ts';
import { browserEncrypt, createSignedInUser, setPlan, uploadMediaDraft } from './support/factories.ts';
import { multipart, webmVideo } from './support/media.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * A 1600 × 1200 photo-like JPEG (a smooth gradient under fine noise, which JPEG cannot make small), stored on
 * its side (EXIF orientation 6), so that upright it is 1200 × 1600.
 */
async function sidewaysPhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 11;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const grain = (state >>> 27) - 16;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + grain));
      pixels[i + 2] = 128 + grain;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

const upload = (ctx: TestContext, cookie: string, file: Buffer) => {
  const body = multipart(file, { filename: 'photo.jpg', contentType: 'image/jpeg' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/media/drafts?mediaType=image',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};

async function photoEntry(ctx: TestContext, photo: Buffer) {
  const signedIn = await createSignedInUser(ctx);
  const { user, cookie } = signedIn;
  const draft = await upload(ctx, cookie, photo);
  expect(draft.statusCode, draft.body).toBe(201);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/entries',
    headers: { cookie },
    payload: { ...(await browserEncrypt(ctx, cookie, user.id, 'a photo')), mediaDraftId: draft.json().id },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { ...signedIn, entry: created.json().entry as { id: string; mediaUrl: string } };
}

const thumbnailUrl = (ctx: TestContext, cookie: string, entryId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/entries/${entryId}/thumbnail-url`, headers: { cookie } });

/** Fetches a signed link through the app, as the browser would. */
async function fetchSigned(ctx: TestContext, signedUrl: string) {
  const url = new URL(signedUrl);
  return ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

describe('image thumbnails', () => {
  const ctx = useTestApp();
  const mediaRoot = () => path.join(ctx.config.dataDir, 'media');

  it('makes an upright WebP thumbnail at upload, smaller than the photo, and serves it to its owner', async () => {
    const photo = await sidewaysPhoto();
    const { user, cookie, entry } = await photoEntry(ctx, photo);
    const storedThumb = path.join(mediaRoot(), ...thumbnailPathOf(entry.mediaUrl).split('/'));
    const storedPhoto = path.join(mediaRoot(), ...entry.mediaUrl.split('/'));
    expect(filesUnder(path.join(mediaRoot(), user.id)).sort()).toEqual([storedPhoto, storedThumb].sort());
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row).toMatchObject({ mediaThumbWidth: 240, mediaThumbHeight: 320 });
    // The list carries the size, so the card draws the photo's frame before asking for anything (ADR 086).
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/entries', headers: { cookie } });
    expect(listed.json().entries[0]).toMatchObject({
      id: entry.id,
      thumbnailSize: { width: 240, height: 320 },
    });

    const response = await thumbnailUrl(ctx, cookie, entry.id);
    expect(response.statusCode, response.body).toBe(200);
    const signed = response.json();
    expect(signed).toMatchObject({ width: 240, height: 320 });

    const file = await fetchSigned(ctx, signed.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const served = await sharp(file.rawPayload).metadata();
    expect(served).toMatchObject({ format: 'webp', width: 240, height: 320 });
    expect(served.exif).toBeUndefined();
    expect(served.icc).toBeUndefined();
    expect(file.rawPayload.length).toBeLessThan(statSync(storedPhoto).size / 10);
    expect(file.rawPayload.length).toBeLessThan(photo.length / 10);
    // Upright: the gradient's red runs down the stored picture's long side, which turned is its height.
    const { data } = await sharp(file.rawPayload).resize(1, 2, { fit: 'fill' }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data[3]! - data[0]!).toBeGreaterThan(60);
  });

  it('gives the same URL within a window, so the browser serves it from its cache', async () => {
    const { cookie, entry } = await photoEntry(ctx, await sidewaysPhoto());
    ctx.clock.set(new Date('2026-11-22T06:10:00Z'));
    const first = (await thumbnailUrl(ctx, cookie, entry.id)).json();
    ctx.clock.set(new Date('2026-11-22T11:50:00Z'));
    const second = (await thumbnailUrl(ctx, cookie, entry.id)).json();
    expect(second.url).toBe(first.url);
    expect(first.expiresAt).toBe('2026-11-22T18:00:00.000Z');
    const file = await fetchSigned(ctx, second.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe(`private, max-age=${6 * 3600 + 10 * 60}`);
    ctx.clock.set(new Date('2026-11-22T12:00:00Z'));
    const next = (await thumbnailUrl(ctx, cookie, entry.id)).json();
    expect(next.url).not.toBe(first.url);
    expect(new Date(next.expiresAt).getTime() - ctx.clock.now().getTime()).toBe(
      MEDIA_LIMITS.thumbnail.urlSeconds * 1000,
    );
  });

  it("answers another user's entry exactly as an unknown one, and a text or deleted entry too", async () => {
    const { cookie, user, entry } = await photoEntry(ctx, await sidewaysPhoto());
    const stranger = await createSignedInUser(ctx);
    const unknown = await thumbnailUrl(ctx, stranger.cookie, '00000000-0000-4000-8000-000000000000');
    const theirs = await thumbnailUrl(ctx, stranger.cookie, entry.id);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: MEDIA_MESSAGES.unavailable });
    expect((await thumbnailUrl(ctx, '', entry.id)).statusCode).toBe(401);

    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie },
      payload: await browserEncrypt(ctx, cookie, user.id, 'words only'),
    });
    const textReply = await thumbnailUrl(ctx, cookie, text.json().entry.id);
    expect(textReply.statusCode).toBe(404);
    expect(textReply.json()).toEqual(unknown.json());
  });

  it('removes the thumbnail with its entry and stops serving it at once', async () => {
    const { user, cookie, entry } = await photoEntry(ctx, await sidewaysPhoto());
    const signed = (await thumbnailUrl(ctx, cookie, entry.id)).json();
    expect((await fetchSigned(ctx, signed.url)).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${entry.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await fetchSigned(ctx, signed.url)).statusCode).toBe(404);
    expect(await ctx.app.services.storage.exists(thumbnailPathOf(entry.mediaUrl))).toBe(false);
    expect(filesUnder(path.join(mediaRoot(), user.id))).toEqual([]);
    expect((await thumbnailUrl(ctx, cookie, entry.id)).statusCode).toBe(404);
  });

  it('removes a stale draft with its thumbnail', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    expect((await upload(ctx, cookie, await sidewaysPhoto())).statusCode).toBe(201);
    const [draft] = await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, user.id));
    expect(draft).toMatchObject({ thumbWidth: 240, thumbHeight: 320 });
    expect(await ctx.app.services.storage.exists(thumbnailPathOf(draft!.filePath))).toBe(true);
    ctx.clock.advance(25 * HOUR);
    expect(await ctx.app.services.media.removeStaleDrafts()).toBeGreaterThanOrEqual(1);
    expect(filesUnder(path.join(mediaRoot(), user.id))).toEqual([]);
  });

  it("keeps an attached image's thumbnail through the orphan sweep, and sweeps one whose image is gone", async () => {
    const { entry } = await photoEntry(ctx, await sidewaysPhoto());
    const storage = ctx.app.services.storage;
    const strayPhoto = entry.mediaUrl.replace(
      /[0-9a-f-]{36}\.jpg$/,
      '00000000-0000-4000-8000-00000000000a.jpg',
    );
    const stray = thumbnailPathOf(strayPhoto);
    const local = path.join(mediaRoot(), ...thumbnailPathOf(entry.mediaUrl).split('/'));
    await storage.putFile(stray, local, 'image/webp');
    ctx.clock.advance(2 * HOUR);
    await jobOf(ctx, 'sweep-orphan-media').run();
    expect(await storage.exists(entry.mediaUrl)).toBe(true);
    expect(await storage.exists(thumbnailPathOf(entry.mediaUrl))).toBe(true);
    expect(await storage.exists(stray)).toBe(false);
  });

  it('makes the thumbnail of an image stored before thumbnails on its first request, and records its size', async () => {
    const { cookie, entry } = await photoEntry(ctx, await sidewaysPhoto());
    const storage = ctx.app.services.storage;
    // As an entry written before ADR 044: no thumbnail file, no recorded size.
    await storage.remove(thumbnailPathOf(entry.mediaUrl));
    await ctx.database.db
      .update(entries)
      .set({ mediaThumbWidth: null, mediaThumbHeight: null })
      .where(eq(entries.id, entry.id));

    const replies = await Promise.all([1, 2].map(() => thumbnailUrl(ctx, cookie, entry.id)));
    for (const reply of replies) expect(reply.json()).toMatchObject({ width: 240, height: 320 });
    expect(await storage.exists(thumbnailPathOf(entry.mediaUrl))).toBe(true);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row).toMatchObject({ mediaThumbWidth: 240, mediaThumbHeight: 320 });
    const file = await fetchSigned(ctx, replies[0]!.json().url);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 240 });
    expect(filesUnder(path.join(ctx.config.dataDir, 'tmp')), 'temporary files').toEqual([]);
  });

  it("purges an account's thumbnails with its photos", async () => {
    const { user, cookie } = await photoEntry(ctx, await sidewaysPhoto());
    expect((await upload(ctx, cookie, await sidewaysPhoto())).statusCode).toBe(201);
    expect(filesUnder(path.join(mediaRoot(), user.id))).toHaveLength(4);
    await ctx.app.inject({ method: 'POST', url: '/api/me/deletion', headers: { cookie }, payload: {} });
    ctx.clock.advance(31 * DAY);
    await purgeDueAccounts(ctx.database.db, ctx.clock, 'audit-secret', ctx.app.services.storage);
    expect(filesUnder(path.join(mediaRoot(), user.id))).toEqual([]);
  });
});

describe('video posters (ADR 062)', () => {
  const ctx = useTestApp();
  const mediaRoot = () => path.join(ctx.config.dataDir, 'media');

  /** A Premium user's video draft, as the editor uploads it before sending its poster. */
  async function videoDraft() {
    const signedIn = await createSignedInUser(ctx);
    await setPlan(ctx, signedIn.user.id, 'premium');
    const draft = await uploadMediaDraft(ctx, signedIn.cookie, {
      type: 'video',
      file: webmVideo(2),
      filename: 'walk.webm',
      contentType: 'video/webm',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    return { ...signedIn, draftId: draft.json().id as string };
  }

  /** A 640 × 360 frame as the browser samples it: a JPEG data URL. */
  async function frame(): Promise<string> {
    const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#4a7a9c' } })
      .jpeg({ quality: 70 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  }

  const putPoster = async (cookie: string, draftId: string, poster?: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/media/drafts/${draftId}/poster`,
      headers: { cookie },
      payload: { poster: poster ?? (await frame()) },
    });

  it('keeps the poster as the video entry thumbnail, served to its owner only', async () => {
    const { user, cookie, draftId } = await videoDraft();
    const stored = await putPoster(cookie, draftId);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toEqual({ width: 320, height: 180 });

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie },
      payload: { ...(await browserEncrypt(ctx, cookie, user.id, 'the walk')), mediaDraftId: draftId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().entry as { id: string; mediaUrl: string; hasThumbnail: boolean };
    expect(entry.hasThumbnail).toBe(true);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/entries', headers: { cookie } });
    expect(listed.json().entries[0]).toMatchObject({
      id: entry.id,
      contentType: 'video',
      hasThumbnail: true,
      // The list draws the poster's frame at its aspect before anything loads (ADR 086).
      thumbnailSize: { width: 320, height: 180 },
    });
    // The poster moved with the video out of the drafts.
    expect(filesUnder(path.join(mediaRoot(), user.id)).sort()).toEqual(
      [entry.mediaUrl, thumbnailPathOf(entry.mediaUrl)]
        .map((p) => path.join(mediaRoot(), ...p.split('/')))
        .sort(),
    );

    const signed = await thumbnailUrl(ctx, cookie, entry.id);
    expect(signed.statusCode, signed.body).toBe(200);
    const file = await fetchSigned(ctx, signed.json().url);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 180,
    });

    const stranger = await createSignedInUser(ctx);
    expect((await thumbnailUrl(ctx, stranger.cookie, entry.id)).statusCode).toBe(404);
  });

  it("refuses a poster for another user's draft, for an image draft, or that is not a picture", async () => {
    const { draftId } = await videoDraft();
    const stranger = await createSignedInUser(ctx);
    const foreign = await putPoster(stranger.cookie, draftId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MEDIA_MESSAGES.draftNotFound);
    const [draft] = await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.id, draftId));
    expect(draft).toMatchObject({ thumbWidth: null, thumbHeight: null });

    const owner = await videoDraft();
    const notAPicture = await putPoster(
      owner.cookie,
      owner.draftId,
      'data:image/jpeg;base64,bm90IGEgcGljdHVyZQ==',
    );
    expect(notAPicture.statusCode).toBe(422);

    const photo = await photoEntry(ctx, await sidewaysPhoto());
    const imageDraft = await upload(ctx, photo.cookie, await sidewaysPhoto());
    expect((await putPoster(photo.cookie, imageDraft.json().id)).statusCode).toBe(400);
  });

  it('a video saved without a poster has no thumbnail, and asking for one answers as an unknown id', async () => {
    const { user, cookie, draftId } = await videoDraft();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie },
      payload: { ...(await browserEncrypt(ctx, cookie, user.id, 'no poster')), mediaDraftId: draftId },
    });
    const entry = created.json().entry as { id: string; hasThumbnail: boolean; thumbnailSize: unknown };
    expect(entry.hasThumbnail).toBe(false);
    expect(entry.thumbnailSize).toBeNull();
    const answer = await thumbnailUrl(ctx, cookie, entry.id);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(MEDIA_MESSAGES.unavailable);
  });
});
