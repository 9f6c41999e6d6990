import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportJob } from '@daybook/shared';
import { and, eq, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entries, importBatches, importItems, importPreviews } from '../src/db/schema/index.ts';
import { importTmpDir } from '../src/modules/import/service.ts';
import { jobOf, type TestContext, useTestApp } from './support/app.ts';
import { createSignedInUser } from './support/factories.ts';
import { readImport, requestConfirm, runImportJobs, uploadImportArchive } from './support/import.ts';
import { openStream, originOf } from './support/live.ts';
import { buildZip } from './support/zip.ts';

/*
 * (ADR 077): an import is a job. The upload answers at once; a job claimed with SKIP LOCKED and a
 * lease checks the archive, then writes it once confirmed, telling the person's tabs as it goes; one import per
 * person at a time; a cancel leaves nothing; an instance that stops or dies hands the import on, and the next one
 * goes on from where it was without writing anything twice.
 */

const ENTRY_COUNT = 240;

function journalArchive(count = ENTRY_COUNT, prefix = 'JOB') {
  const journal = {
    metadata: { version: '1.0' },
    entries: Array.from({ length: count }, (_, i) => ({
      uuid: `${prefix}${String(i).padStart(6, '0')}`,
      creationDate: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString(),
      timeZone: 'Europe/Paris',
      text: `Day ${i + 1}: a walk along the canal, then soup.`,
    })),
  };
  return buildZip([{ name: 'Journal.json', data: JSON.stringify(journal), isDeflated: true }]);
}

async function upload(ctx: TestContext, cookie: string, archive: Buffer): Promise<ImportJob> {
  const response = await uploadImportArchive(ctx, cookie, archive);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<ImportJob>();
}

async function current(ctx: TestContext, cookie: string): Promise<ImportJob | null> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/import/current', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<ImportJob | null>();
}

const cancel = (ctx: TestContext, cookie: string, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/import/${id}`, headers: { cookie } });

/** What of an import is left for this user: entries, batches, staged items, imports under way, stored files. */
async function leftFor(ctx: TestContext, userId: string) {
  const db = ctx.database.db;
  const imports = await db
    .select({ id: importPreviews.id })
    .from(importPreviews)
    .where(and(eq(importPreviews.userId, userId), notInArray(importPreviews.state, ['done', 'failed'])));
  const items = await db
    .select({ position: importItems.position })
    .from(importItems)
    .innerJoin(importPreviews, eq(importPreviews.id, importItems.previewId))
    .where(eq(importPreviews.userId, userId));
  const mediaDir = path.join(ctx.config.dataDir, 'media', userId);
  return {
    entries: (await db.select({ id: entries.id }).from(entries).where(eq(entries.userId, userId))).length,
    batches: (await db.select().from(importBatches).where(eq(importBatches.userId, userId))).length,
    items: items.length,
    imports: imports.length,
    files: existsSync(mediaDir)
      ? readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
      : 0,
  };
}

/**
 * Runs the import job until the person's tab has heard `events` import events from it, then stops it the way a
 * stopping instance does (its scheduler's signal): the job hands the import on at its next step.
 */
async function runUntilHeard(ctx: TestContext, tab: Awaited<ReturnType<typeof openStream>>, events: number) {
  const stopping = new AbortController();
  const heard = (async () => {
    for (let i = 0; i < events; i++) await tab.nextEvent('import');
    stopping.abort();
  })();
  await ctx.app.services.imports.runPending(stopping.signal);
  await heard;
}

/** A person with an open tab, whose import of the test journal has been checked and confirmed. */
async function confirmedImport(ctx: TestContext) {
  const person = await createSignedInUser(ctx);
  const tab = await openStream(await originOf(ctx.app), { cookie: person.cookie });
  const uploaded = await upload(ctx, person.cookie, journalArchive());
  await runImportJobs(ctx);
  await tab.nextEvent('import');
  await requestConfirm(ctx, person.cookie, uploaded.id);
  return { person, tab, uploaded };
}

describe('imports as a job', () => {
  const ctx = useTestApp({ RATE_LIMIT_SCALE: '100' });

  it('answers the upload at once, checks and writes in the background, and tells the open tab as it goes', async () => {
    const person = await createSignedInUser(ctx);
    const tab = await openStream(await originOf(ctx.app), { cookie: person.cookie });

    const uploaded = await upload(ctx, person.cookie, journalArchive());
    expect(uploaded).toMatchObject({ state: 'checking', progress: { done: 0, fraction: 0 }, preview: null });
    expect(await current(ctx, person.cookie)).toMatchObject({ id: uploaded.id, state: 'checking' });
    // Nothing is read until a job takes it up.
    expect((await leftFor(ctx, person.user.id)).items).toBe(0);

    await runImportJobs(ctx);
    expect(JSON.parse((await tab.nextEvent('import')).data)).toEqual({ type: 'import', id: uploaded.id });
    const checked = await readImport(ctx, person.cookie, uploaded.id);
    expect(checked).toMatchObject({
      state: 'ready',
      source: 'dayone',
      progress: { done: ENTRY_COUNT, total: ENTRY_COUNT, fraction: 1 },
      preview: { archiveEntries: ENTRY_COUNT, newEntries: ENTRY_COUNT },
      report: null,
      error: null,
    });
    // The archive is not kept once it has been read.
    expect((await leftFor(ctx, person.user.id)).files).toBe(0);

    const confirmed = await requestConfirm(ctx, person.cookie, uploaded.id);
    expect(confirmed.statusCode).toBe(202);
    expect(confirmed.json()).toMatchObject({
      state: 'importing',
      progress: { done: 0, total: ENTRY_COUNT, fraction: 0 },
    });
    // A second confirm finds it taken.
    expect((await requestConfirm(ctx, person.cookie, uploaded.id)).json().message).toBe(
      IMPORT_MESSAGES.expired,
    );

    await runImportJobs(ctx);
    // One event per batch written, and one when it is done.
    const batches = Math.ceil(ENTRY_COUNT / IMPORT_LIMITS.batchSize);
    for (let i = 0; i <= batches; i++) await tab.nextEvent('import');
    const done = await readImport(ctx, person.cookie, uploaded.id);
    expect(done).toMatchObject({
      state: 'done',
      progress: { done: ENTRY_COUNT, total: ENTRY_COUNT, fraction: 1 },
      report: { imported: ENTRY_COUNT, duplicates: 0, batchId: expect.any(String) },
    });
    expect(await leftFor(ctx, person.user.id)).toEqual({
      entries: ENTRY_COUNT,
      batches: 1,
      items: 0,
      imports: 0,
      files: 0,
    });

    // The report stays until it is dismissed.
    expect((await current(ctx, person.cookie))?.state).toBe('done');
    expect((await cancel(ctx, person.cookie, uploaded.id)).statusCode).toBe(204);
    expect(await current(ctx, person.cookie)).toBeNull();
    expect((await leftFor(ctx, person.user.id)).entries).toBe(ENTRY_COUNT);
    tab.close();
  });

  it('checks or writes one import per person at a time; a new upload replaces a preview still waiting', async () => {
    const person = await createSignedInUser(ctx);
    const first = await upload(ctx, person.cookie, journalArchive(3, 'ONE'));
    const second = await uploadImportArchive(ctx, person.cookie, journalArchive(3, 'TWO'));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(IMPORT_MESSAGES.alreadyRunning);
    // Someone else imports meanwhile.
    const other = await createSignedInUser(ctx);
    await upload(ctx, other.cookie, journalArchive(3, 'OTHER'));

    await runImportJobs(ctx);
    expect((await readImport(ctx, person.cookie, first.id)).state).toBe('ready');
    const replacing = await upload(ctx, person.cookie, journalArchive(3, 'TWO'));
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/import/${first.id}`,
      headers: { cookie: person.cookie },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(IMPORT_MESSAGES.notFound);
    expect((await current(ctx, person.cookie))?.id).toBe(replacing.id);
  });

  it('leaves nothing behind when a check is cancelled', async () => {
    const person = await createSignedInUser(ctx);
    const uploaded = await upload(ctx, person.cookie, journalArchive());
    expect((await leftFor(ctx, person.user.id)).files).toBe(1);

    expect((await cancel(ctx, person.cookie, uploaded.id)).statusCode).toBe(204);
    expect(await current(ctx, person.cookie)).toBeNull();
    // Another user cannot cancel (or see) it.
    const stranger = await createSignedInUser(ctx);
    expect((await cancel(ctx, stranger.cookie, uploaded.id)).statusCode).toBe(404);

    await runImportJobs(ctx);
    expect(await leftFor(ctx, person.user.id)).toEqual({
      entries: 0,
      batches: 0,
      items: 0,
      imports: 0,
      files: 0,
    });
    // Once cleaned up, the person may import again at once.
    await upload(ctx, person.cookie, journalArchive(2));
  });

  it('takes back what it had written when an import is cancelled half way', async () => {
    const { person, tab, uploaded } = await confirmedImport(ctx);

    // The job stops after its first batch (as a stopping instance's would); part of the journal is written.
    await runUntilHeard(ctx, tab, 1);
    const halfWay = await readImport(ctx, person.cookie, uploaded.id);
    expect(halfWay.state).toBe('importing');
    expect(halfWay.progress.done).toBeGreaterThan(0);
    expect(halfWay.progress.done).toBeLessThan(ENTRY_COUNT);
    expect((await leftFor(ctx, person.user.id)).entries).toBe(halfWay.progress.done);

    expect((await cancel(ctx, person.cookie, uploaded.id)).statusCode).toBe(204);
    await runImportJobs(ctx);
    expect(await leftFor(ctx, person.user.id)).toEqual({
      entries: 0,
      batches: 0,
      items: 0,
      imports: 0,
      files: 0,
    });
    tab.close();
  });

  it('goes on where it was after an instance stops or dies, writing nothing twice', async () => {
    const { person, tab, uploaded } = await confirmedImport(ctx);

    // A stopping instance hands the import on at once.
    await runUntilHeard(ctx, tab, 1);
    const paused = await readImport(ctx, person.cookie, uploaded.id);
    expect(paused.state).toBe('importing');

    // A dying one does not: it holds its lease until the lease runs out, and only then is the import taken up.
    await ctx.database.db
      .update(importPreviews)
      .set({ leaseUntil: new Date(ctx.clock.now().getTime() + IMPORT_LIMITS.leaseSeconds * 1000) })
      .where(eq(importPreviews.id, uploaded.id));
    expect(await runImportJobs(ctx)).toBe(0);
    ctx.clock.advance(IMPORT_LIMITS.leaseSeconds * 1000 + 1);
    expect(await runImportJobs(ctx)).toBe(1);

    const done = await readImport(ctx, person.cookie, uploaded.id);
    expect(done.report).toMatchObject({ imported: ENTRY_COUNT, duplicates: 0 });
    expect(await leftFor(ctx, person.user.id)).toMatchObject({ entries: ENTRY_COUNT, batches: 1, items: 0 });
    tab.close();
  });

  it('gives up an import that keeps dying, and says so', async () => {
    const person = await createSignedInUser(ctx);
    const uploaded = await upload(ctx, person.cookie, journalArchive(5));
    // Taken up as often as the limit allows, each time by an instance that died.
    await ctx.database.db
      .update(importPreviews)
      .set({ attempts: IMPORT_LIMITS.maxAttempts })
      .where(eq(importPreviews.id, uploaded.id));
    await runImportJobs(ctx);
    const failed = await readImport(ctx, person.cookie, uploaded.id);
    expect(failed).toMatchObject({ state: 'failed', error: { message: IMPORT_MESSAGES.gaveUp } });
    expect(await leftFor(ctx, person.user.id)).toEqual({
      entries: 0,
      batches: 0,
      items: 0,
      imports: 0,
      files: 0,
    });
  });

  it('sweeps what was left behind: a preview past its hour with its media, a report a day old, a dead upload on disk', async () => {
    const person = await createSignedInUser(ctx);
    const uploaded = await upload(ctx, person.cookie, journalArchive(4));
    await runImportJobs(ctx);
    expect((await readImport(ctx, person.cookie, uploaded.id)).state).toBe('ready');
    const tmp = importTmpDir(ctx.config.dataDir);
    await mkdir(tmp, { recursive: true });
    const deadUpload = path.join(tmp, `${randomUUID()}.zip`);
    await writeFile(deadUpload, 'half an upload');
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    await utimes(deadUpload, hourAgo, hourAgo);
    const freshUpload = path.join(tmp, `${randomUUID()}.zip`);
    await writeFile(freshUpload, 'an upload under way');

    const sweep = jobOf(ctx, 'sweep-imports');
    await sweep.run();
    expect((await readImport(ctx, person.cookie, uploaded.id)).state).toBe('ready');
    expect(existsSync(deadUpload)).toBe(false);
    expect(existsSync(freshUpload)).toBe(true);

    // Past its validity it can no longer be confirmed; an hour later it goes.
    ctx.clock.advance(IMPORT_LIMITS.previewMinutes * 60_000 + 1);
    expect((await requestConfirm(ctx, person.cookie, uploaded.id)).statusCode).toBe(404);
    await sweep.run();
    expect((await current(ctx, person.cookie))?.state).toBe('ready');
    ctx.clock.advance(3600_000);
    await sweep.run();
    expect(await current(ctx, person.cookie)).toBeNull();
    expect(await leftFor(ctx, person.user.id)).toEqual({
      entries: 0,
      batches: 0,
      items: 0,
      imports: 0,
      files: 0,
    });

    const imported = await upload(ctx, person.cookie, journalArchive(2, 'LATER'));
    await runImportJobs(ctx);
    await requestConfirm(ctx, person.cookie, imported.id);
    await runImportJobs(ctx);
    ctx.clock.advance(23 * 3600_000);
    await sweep.run();
    expect((await current(ctx, person.cookie))?.state).toBe('done');
    ctx.clock.advance(2 * 3600_000);
    await sweep.run();
    expect(await current(ctx, person.cookie)).toBeNull();
    expect((await leftFor(ctx, person.user.id)).entries).toBe(2);
  });
});
