import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  ARCHIVE_LAYOUT,
  ARCHIVE_SCHEMA_VERSION,
  ArchiveManifest,
  EXPORT_MESSAGES,
  type ExportSummary,
} from '@daybook/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entries, users } from '../src/db/schema/index.ts';
import { EXPORT_LIMITS } from '../src/modules/export/service.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { browserEncrypt, createSignedInUser } from './support/factories.ts';
import { unzip } from './support/zip.ts';

const mediaRoot = (ctx: TestContext) => (ctx.config.storage as { root: string }).root;

/** A stored media file for `userId` (written where local storage keeps it), and its storage path. */
async function storeMedia(
  ctx: TestContext,
  userId: string,
  day: string,
  ext: string,
  bytes: Buffer | number,
) {
  const storagePath = `${userId}/${day}/${randomUUID()}.${ext}`;
  const file = path.join(mediaRoot(ctx), ...storagePath.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  if (typeof bytes === 'number') {
    // Sparse: the size without the disk (and quick to write on a loaded machine).
    const handle = await open(file, 'w');
    await handle.truncate(bytes);
    await handle.close();
  } else {
    await writeFile(file, bytes);
  }
  return storagePath;
}

type Seed = {
  text: string;
  day: string;
  mood?: string | null;
  media?: { ext: string; bytes: Buffer };
  /** The zone it was written in; absent, null: an entry from before zones were recorded. */
  timeZone?: string;
};

async function seed(ctx: TestContext, owner: { cookie: string; user: { id: string } }, items: Seed[]) {
  const ids: string[] = [];
  for (const [i, item] of items.entries()) {
    const sealed = await browserEncrypt(ctx, owner.cookie, owner.user.id, item.text);
    const mediaUrl = item.media
      ? await storeMedia(ctx, owner.user.id, item.day, item.media.ext, item.media.bytes)
      : null;
    const [row] = await ctx.database.db
      .insert(entries)
      .values({
        userId: owner.user.id,
        encryptedContent: sealed.encryptedContent,
        metadata: { encryption_iv: sealed.encryptionIv },
        moodTag: item.mood ?? null,
        entryDate: item.day,
        timeZone: item.timeZone ?? null,
        mediaUrl,
        contentType: item.media ? (item.media.ext === 'jpg' ? 'image' : 'audio') : 'text',
        createdAt: new Date(`${item.day}T10:00:${String(i % 60).padStart(2, '0')}Z`),
      })
      .returning({ id: entries.id });
    ids.push(row!.id);
  }
  return ids;
}

describe('export', () => {
  const ctx = useTestApp();
  /** Each test its own client address, so the export limit of one never refuses another. */
  let address = 0;
  const nextAddress = () => `10.9.0.${++address}`;

  const exportArchive = (cookie: string | null, query = '', remoteAddress = nextAddress()) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/export/archive${query}`,
      headers: cookie ? { cookie } : {},
      remoteAddress,
    });

  it('holds every entry decrypted, its Markdown and its media, the README, and nobody else’s entries', async () => {
    const owner = await createSignedInUser(ctx);
    await ctx.database.db.update(users).set({ timezone: 'Europe/Paris' }).where(eq(users.id, owner.user.id));
    const other = await createSignedInUser(ctx);
    const photo = Buffer.from(`\xff\xd8\xff fake jpeg ${randomUUID()}`, 'latin1');
    const audio = Buffer.from(`RIFF fake wav ${randomUUID()}`);
    const items: Seed[] = [
      { text: 'First day at #work, a "quoted" line:\n---\nand more', day: '2026-01-05', mood: 'Happy' },
      {
        text: 'Garden photo #Garden #work',
        day: '2026-02-10',
        mood: 'Calm',
        media: { ext: 'jpg', bytes: photo },
        timeZone: 'America/New_York',
      },
      { text: '', day: '2026-03-15', media: { ext: 'wav', bytes: audio } },
      { text: 'Unicode ✨ — café', day: '2026-03-16', mood: null },
    ];
    const ids = await seed(ctx, owner, items);
    await seed(ctx, other, [{ text: 'OTHER-USER-SECRET', day: '2026-02-10' }]);
    // A deleted entry is not exported.
    const [deleted] = await seed(ctx, owner, [{ text: 'DELETED-ENTRY', day: '2026-02-11' }]);
    await ctx.database.db.update(entries).set({ deletedAt: new Date() }).where(eq(entries.id, deleted!));

    const summary = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/summary',
      headers: { cookie: owner.cookie },
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      entryCount: 4,
      mediaCount: 2,
      mediaBytes: photo.length + audio.length,
      firstDate: '2026-01-05',
      lastDate: '2026-03-16',
    });

    const response = await exportArchive(owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="daybook-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const estimate = (summary.json() as ExportSummary).estimatedBytes;
    expect(Math.abs(response.rawPayload.length - estimate) / response.rawPayload.length).toBeLessThan(0.25);

    const files = await unzip(response.rawPayload);
    const manifest = ArchiveManifest.parse(JSON.parse(files.get(ARCHIVE_LAYOUT.manifest)!.toString('utf8')));
    expect(manifest).toMatchObject({ schemaVersion: ARCHIVE_SCHEMA_VERSION, app: 'Daybook', range: null });
    expect(manifest.entries.map((e) => e.id)).toEqual(ids);
    expect(manifest.entries.map((e) => e.text)).toEqual(items.map((i) => i.text));
    expect(manifest.entries.map((e) => e.moodTag)).toEqual(['Happy', 'Calm', null, null]);
    expect(manifest.entries.map((e) => e.entryDate)).toEqual(items.map((i) => i.day));
    // Each entry's own zone; the account's for those from before zones were recorded (ADR 066).
    expect(manifest.entries.map((e) => e.timeZone)).toEqual([
      'Europe/Paris',
      'America/New_York',
      'Europe/Paris',
      'Europe/Paris',
    ]);
    expect(manifest.entries[1]!.themes).toEqual(['#garden', '#work']);
    expect(manifest.entries[0]).toMatchObject({
      contentType: 'text',
      sourceType: 'journal',
      media: null,
      createdAt: '2026-01-05T10:00:00.000Z',
      markdownPath: `entries/2026-01-05-${ids[0]}.md`,
    });
    expect(manifest.entries[1]!.media).toEqual({
      path: `media/${ids[1]}.jpg`,
      mimeType: 'image/jpeg',
      sizeBytes: photo.length,
    });
    expect(files.get(`media/${ids[1]}.jpg`)).toEqual(photo);
    expect(files.get(`media/${ids[2]}.wav`)).toEqual(audio);

    for (const entry of manifest.entries) expect(files.has(entry.markdownPath)).toBe(true);
    const markdown = files.get(manifest.entries[1]!.markdownPath)!.toString('utf8');
    expect(markdown).toContain('date: 2026-02-10\ntimeZone: "America/New_York"');
    expect(markdown).toContain('mood: "Calm"\nthemes: ["#garden", "#work"]');
    expect(markdown).toContain(`Garden photo #Garden #work\n\n![Photo](../media/${ids[1]}.jpg)\n`);
    // Text that looks like front matter stays in the body.
    const first = files.get(manifest.entries[0]!.markdownPath)!.toString('utf8');
    expect(first.endsWith('\n\nFirst day at #work, a "quoted" line:\n---\nand more\n')).toBe(true);

    expect(files.get(ARCHIVE_LAYOUT.readme)!.toString('utf8')).toContain('entries.json');
    const everything = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    expect(everything).not.toContain('OTHER-USER-SECRET');
    expect(everything).not.toContain('DELETED-ENTRY');
    expect(files.size).toBe(2 + 4 + 2);
  });

  it('keeps to the date range, inclusive, and refuses a reversed one', async () => {
    const owner = await createSignedInUser(ctx);
    await seed(ctx, owner, [
      { text: 'too early', day: '2026-04-30' },
      { text: 'first in range', day: '2026-05-01' },
      { text: 'last in range', day: '2026-05-31' },
      { text: 'too late', day: '2026-06-01' },
    ]);
    const response = await exportArchive(owner.cookie, '?from=2026-05-01&to=2026-05-31');
    expect(response.statusCode).toBe(200);
    const files = await unzip(response.rawPayload);
    const manifest = ArchiveManifest.parse(JSON.parse(files.get('entries.json')!.toString('utf8')));
    expect(manifest.entries.map((e) => e.text)).toEqual(['first in range', 'last in range']);
    expect(manifest.range).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect([...files.keys()].filter((f) => f.startsWith('entries/'))).toHaveLength(2);

    const summary = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/summary?from=2026-06-01',
      headers: { cookie: owner.cookie },
    });
    expect(summary.json()).toMatchObject({ entryCount: 1, firstDate: '2026-06-01' });

    const reversed = await exportArchive(owner.cookie, '?from=2026-06-01&to=2026-05-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain(EXPORT_MESSAGES.rangeReversed);
    expect((await exportArchive(owner.cookie, '?from=2026-13-01')).statusCode).toBe(400);
  });

  it('pages through a journal larger than a page, every entry once, oldest first', async () => {
    const owner = await createSignedInUser(ctx);
    const sealed = await browserEncrypt(ctx, owner.cookie, owner.user.id, 'Same words, many days #many');
    const count = EXPORT_LIMITS.pageSize * 2 + 37;
    // Equal creation times across pages: the keyset's id tiebreak must neither skip nor repeat a row.
    await ctx.database.db.insert(entries).values(
      Array.from({ length: count }, (_, i) => ({
        userId: owner.user.id,
        encryptedContent: sealed.encryptedContent,
        metadata: { encryption_iv: sealed.encryptionIv },
        entryDate: '2026-08-01',
        createdAt: new Date(`2026-08-01T10:00:0${i % 3}Z`),
      })),
    );
    const files = await unzip((await exportArchive(owner.cookie)).rawPayload);
    const manifest = ArchiveManifest.parse(JSON.parse(files.get('entries.json')!.toString('utf8')));
    expect(manifest.entries).toHaveLength(count);
    expect(new Set(manifest.entries.map((e) => e.id)).size).toBe(count);
    expect(manifest.entries.every((e) => e.text === 'Same words, many days #many')).toBe(true);
    const created = manifest.entries.map((e) => e.createdAt);
    expect(created).toEqual([...created].sort());
    expect([...files.keys()].filter((f) => f.startsWith('entries/'))).toHaveLength(count);
  });

  it('writes a valid archive with no entries', async () => {
    const owner = await createSignedInUser(ctx);
    const files = await unzip((await exportArchive(owner.cookie)).rawPayload);
    expect(ArchiveManifest.parse(JSON.parse(files.get('entries.json')!.toString('utf8'))).entries).toEqual(
      [],
    );
    expect([...files.keys()].sort()).toEqual(['README.md', 'entries.json']);
  });

  it('refuses the signed-out, and limits how often one exports', async () => {
    expect((await exportArchive(null)).statusCode).toBe(401);
    const summary = await ctx.app.inject({ method: 'GET', url: '/api/export/summary' });
    expect(summary.statusCode).toBe(401);

    const owner = await createSignedInUser(ctx);
    const remoteAddress = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await exportArchive(owner.cookie, '', remoteAddress)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('export of a large journal', () => {
  const ctx = useTestApp();
  /** The 1 GB; EXPORT_TEST_MEDIA_MB may lower it on a slow machine (ADR 035). */
  const totalMb = Number(process.env.EXPORT_TEST_MEDIA_MB ?? 1024);
  const fileMb = 100;

  /** Streams the export over a real socket, dropping the bytes, and samples memory while it runs. */
  async function download(
    url: string,
    cookie: string,
    options: { abortAfterBytes?: number } = {},
  ): Promise<{ bytes: number; peakGrowth: number; tail: Buffer; aborted: boolean }> {
    global.gc?.();
    const base = process.memoryUsage();
    const baseline = base.heapUsed + base.arrayBuffers;
    let peakGrowth = 0;
    const sample = () => {
      const now = process.memoryUsage();
      peakGrowth = Math.max(peakGrowth, now.heapUsed + now.arrayBuffers - baseline);
    };
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers: { cookie } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
        let bytes = 0;
        let tail = Buffer.alloc(0);
        let sinceSample = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          sinceSample += chunk.length;
          if (sinceSample > 8 * 1024 * 1024) {
            sinceSample = 0;
            sample();
          }
          tail = Buffer.concat([tail, chunk]).subarray(-22);
          if (options.abortAfterBytes && bytes >= options.abortAfterBytes) {
            request.destroy();
            resolve({ bytes, peakGrowth, tail, aborted: true });
          }
        });
        response.on('end', () => resolve({ bytes, peakGrowth, tail, aborted: false }));
        response.on('error', (error) => {
          if (!options.abortAfterBytes) reject(error);
        });
      });
      request.on('error', (error) => {
        if (!options.abortAfterBytes) reject(error);
      });
    });
  }

  /** Files under the media root the process still holds open. */
  async function openMediaFiles(root: string): Promise<string[]> {
    const links = await Promise.all(
      (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
    );
    return links.filter((link) => link.startsWith(root));
  }

  it(`streams ${totalMb} MB of media with memory that does not grow with the archive, and stops on cancel`, async () => {
    const owner = await createSignedInUser(ctx);
    const count = Math.ceil(totalMb / fileMb);
    for (let i = 0; i < count; i++) {
      const day = `2026-07-${String(i + 1).padStart(2, '0')}`;
      const mediaUrl = await storeMedia(ctx, owner.user.id, day, 'webm', fileMb * 1024 * 1024);
      await ctx.database.db.insert(entries).values({
        userId: owner.user.id,
        entryDate: day,
        mediaUrl,
        contentType: 'video',
        createdAt: new Date(`${day}T10:00:00Z`),
      });
    }
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/export/archive`;

    const whole = await download(url, owner.cookie);
    const mediaBytes = count * fileMb * 1024 * 1024;
    expect(whole.aborted).toBe(false);
    expect(whole.bytes).toBeGreaterThan(mediaBytes);
    // The end of a zip: the end-of-central-directory record.
    expect(whole.tail.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    // Heap and buffers stay within a small constant of where they started: the archive is never held.
    expect(whole.peakGrowth).toBeLessThan(64 * 1024 * 1024);
    expect(whole.peakGrowth).toBeLessThan(mediaBytes / 10);

    // Cancel: the client goes away part-way; the server stops and lets go of the file it was reading.
    const root = path.resolve(mediaRoot(ctx));
    const cancelled = await download(url, owner.cookie, { abortAfterBytes: 150 * 1024 * 1024 });
    expect(cancelled.aborted).toBe(true);
    await expect.poll(() => openMediaFiles(root), { timeout: 10_000 }).toEqual([]);
  }, 180_000);
});
