import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entries, mediaDrafts, subscriptions } from '../src/db/schema/index.ts';
import { verdictFromPredictions } from '../src/infra/moderation/image-moderator.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { browserEncrypt, createSignedInUser } from './support/factories.ts';
import { multipart, png, wav, webmVideo } from './support/media.ts';

const HOUR = 3600_000;

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

describe('media uploads', () => {
  const ctx = useTestApp();
  const mediaRoot = () => path.join(ctx.config.dataDir, 'media');
  const tmpRoot = () => path.join(ctx.config.dataDir, 'tmp');

  async function expectNothingStored(userId: string) {
    expect(await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, userId))).toEqual(
      [],
    );
    expect(filesUnder(path.join(mediaRoot(), userId))).toEqual([]);
    expect(filesUnder(tmpRoot())).toEqual([]);
  }

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
    expect(filesUnder(path.join(mediaRoot(), user.id))).toEqual([
      path.join(mediaRoot(), ...draft!.filePath.split('/')),
    ]);
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
    tampered.set('signature', `${tampered.get('signature')!.slice(0, -2)}AA`);
    expect((await ctx.app.inject({ method: 'GET', url: `${url.pathname}?${tampered}` })).statusCode).toBe(
      403,
    );
    const otherFile = new URLSearchParams(url.search);
    otherFile.set('path', entry.mediaUrl.replace(/[0-9a-f]\.png$/, '0.png'));
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
