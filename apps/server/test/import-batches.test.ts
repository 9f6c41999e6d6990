import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Entry, ImportBatch } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { entries, importBatches, mediaDrafts } from '../src/db/schema/index.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { createEntry, createSignedInUser } from './support/factories.ts';
import { importArchive, previewImport } from './support/import.ts';
import { buildZip } from './support/zip.ts';

/*
 * (ADR 068): each import is a batch that can be seen and removed as a whole; one's own export
 * imported into the same account adds nothing; imported entries are deleted one by one at any time.
 */

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/** A Day One export of three entries over two years, one with a photo. */
async function dayOneArchive() {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const journal = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'E1000000000000000000000000000001',
        creationDate: '2021-02-01T08:00:00Z',
        timeZone: 'Europe/Paris',
        text: 'The first snow at the Buttes-Chaumont.',
        photos: [{ identifier: 'P1', md5: 'abcdef0123456789abcdef0123456789', type: 'jpeg' }],
      },
      {
        uuid: 'E1000000000000000000000000000002',
        creationDate: '2022-06-15T18:00:00Z',
        timeZone: 'Europe/Paris',
        text: 'Long evening by the canal.',
      },
      {
        uuid: 'E1000000000000000000000000000003',
        creationDate: '2023-01-09T07:30:00Z',
        timeZone: 'Europe/Paris',
        text: 'A letter from my grandmother.',
      },
    ],
  };
  return buildZip([
    { name: 'Journal.json', data: JSON.stringify(journal), isDeflated: true },
    { name: 'photos/abcdef0123456789abcdef0123456789.jpeg', data: photo },
  ]);
}

const batchesOf = async (ctx: TestContext, cookie: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/import/batches', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportBatch[]>();
};

const removeBatch = (ctx: TestContext, cookie: string, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/import/batches/${id}`, headers: { cookie } });

async function listAll(ctx: TestContext, cookie: string): Promise<Entry[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/entries?pageSize=50',
    headers: { cookie },
  });
  return response.json().entries;
}

/** The user's rows (deleted ones too), drafts and stored files. */
async function storedFor(ctx: TestContext, user: SignedIn['user']) {
  const db = ctx.database.db;
  const mediaDir = path.join(ctx.config.dataDir, 'media', user.id);
  return {
    entries: (await db.select().from(entries).where(eq(entries.userId, user.id))).length,
    drafts: (await db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, user.id))).length,
    files: existsSync(mediaDir)
      ? readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
      : 0,
  };
}

describe('import batches', () => {
  const ctx = useTestApp({ RATE_LIMIT_SCALE: '100' });

  it('lists each import with its counts and removes it as a whole, leaving what was written here', async () => {
    const person = await createSignedInUser(ctx);
    expect(await batchesOf(ctx, person.cookie)).toEqual([]);
    expect((await createEntry(ctx, person.cookie, person.user.id, 'Written here today')).statusCode).toBe(
      201,
    );
    const written = await storedFor(ctx, person.user);

    const { report } = await importArchive(ctx, person.cookie, await dayOneArchive());
    expect(report).toMatchObject({ imported: 3, media: 1 });
    const [batch, ...others] = await batchesOf(ctx, person.cookie);
    expect(others).toEqual([]);
    expect(batch).toMatchObject({
      id: report.batchId,
      source: 'dayone',
      entries: 3,
      media: 1,
      firstDate: '2021-02-01',
      lastDate: '2023-01-09',
    });
    // The photo and its thumbnail.
    expect((await storedFor(ctx, person.user)).files).toBe(written.files + 2);

    // Deleting one imported entry shows in the batch's count.
    const canal = (await listAll(ctx, person.cookie)).find((entry) => entry.entryDate === '2022-06-15')!;
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${canal.id}`,
      headers: { cookie: person.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await batchesOf(ctx, person.cookie))[0]).toMatchObject({ entries: 2 });

    // Nobody else sees or removes it.
    const stranger = await createSignedInUser(ctx);
    expect(await batchesOf(ctx, stranger.cookie)).toEqual([]);
    const refused = await removeBatch(ctx, stranger.cookie, batch!.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This import is not in your journal any more.');
    expect((await batchesOf(ctx, person.cookie))[0]).toMatchObject({ entries: 2 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/import/batches' })).statusCode).toBe(401);

    const removed = await removeBatch(ctx, person.cookie, batch!.id);
    expect(removed.statusCode, removed.body).toBe(200);
    // The entry deleted before goes too: nothing of the batch is left behind.
    expect(removed.json()).toEqual({ removed: 3 });
    expect(await batchesOf(ctx, person.cookie)).toEqual([]);
    expect(await storedFor(ctx, person.user)).toEqual(written);
    expect(
      await ctx.database.db.select().from(importBatches).where(eq(importBatches.userId, person.user.id)),
    ).toEqual([]);
    expect((await removeBatch(ctx, person.cookie, batch!.id)).statusCode).toBe(404);

    // An undone import can be done again: the archive's entries are new once more.
    const again = await previewImport(ctx, person.cookie, await dayOneArchive());
    expect(again).toMatchObject({ newEntries: 3, duplicates: 0 });
  });

  it("adds nothing when one's own export comes back into the same account, written and imported entries alike", async () => {
    const person = await createSignedInUser(ctx);
    for (const text of ['Morning pages', 'Evening walk #calm'])
      expect((await createEntry(ctx, person.cookie, person.user.id, text)).statusCode).toBe(201);
    await importArchive(ctx, person.cookie, await dayOneArchive());
    const before = await storedFor(ctx, person.user);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/archive',
      headers: { cookie: person.cookie },
    });
    expect(exported.statusCode).toBe(200);
    const preview = await previewImport(ctx, person.cookie, exported.rawPayload);
    expect(preview).toMatchObject({
      source: 'daybook',
      archiveEntries: 5,
      newEntries: 0,
      duplicates: 5,
      media: 0,
    });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/import/${preview.id}`,
      headers: { cookie: person.cookie },
    });
    expect(await storedFor(ctx, person.user)).toEqual(before);

    // Another account takes the whole archive; that account's own export then comes back to the first as nothing
    // new, and to itself as nothing new either: each entry keeps its identity through both trips.
    const friend = await createSignedInUser(ctx);
    const { report } = await importArchive(ctx, friend.cookie, exported.rawPayload);
    expect(report).toMatchObject({ imported: 5, media: 1 });
    const reExported = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/archive',
      headers: { cookie: friend.cookie },
    });
    for (const who of [person, friend]) {
      const back = await previewImport(ctx, who.cookie, reExported.rawPayload);
      expect(back, who.user.email).toMatchObject({ newEntries: 0, duplicates: 5 });
    }
  });
});
