import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportJob } from '@daybook/shared';
import { and, count, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, importPreviews, mediaDrafts } from '../src/db/schema/index.ts';
import { useTestApp } from './support/app.ts';
import { createSignedInUser } from './support/factories.ts';
import { checkImportArchive, readImport, runImportJobs } from './support/import.ts';
import { isRepeatOnPglite } from './support/test-driver.ts';
import { buildZip, writeZipFile } from './support/zip.ts';

/*
 * ADR 054: an import upload must neither stall nor starve the server. The archives are uploaded
 * over a real socket to this process's server while the same process watches its own event loop, its resident
 * memory and how fast /api/health answers.
 */

const MB = 1024 * 1024;
/** What the check may add to the process's resident memory (the instance idles around 280 MB, budget ~600 MB). */
const RSS_GROWTH_BUDGET = 200 * MB;
/** The event loop's p99 delay and the slowest /api/health answer the import may cause (ADR 059). */
const MAX_LOOP_P99_MS = 50;
const MAX_HEALTH_MS = 200;

const WORDS =
  'morning light walked river quiet coffee letter garden rain friend market bread window evening train city ' +
  'mountain slow laughter kitchen autumn winter summer spring notebook music wind harbour lamp street cat tea'.split(
    ' ',
  );

/** Words in an order fixed by `seed` (a small LCG), compressible like prose rather than like zeros. */
function prose(seed: number) {
  let state = seed >>> 0;
  return (chars: number) => {
    const out: string[] = [];
    let length = 0;
    while (length < chars) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const word = WORDS[state % WORDS.length]!;
      out.push(word);
      length += word.length + 1;
    }
    return out.join(' ');
  };
}

/**
 * A Day One Journal.json as pieces: `count` entries of about `entryBytes` each, most of it in `richText` (Day One
 * writes the entry again there as escaped JSON; the importer reads past it).
 */
function dayOneJournal(entryCount: number, entryBytes: number) {
  return function* () {
    const words = prose(entryCount);
    yield '{"metadata":{"version":"1.0"},"entries":[';
    for (let i = 0; i < entryCount; i++) {
      const text = words(600);
      const entry = {
        uuid: `BOUND${String(i).padStart(27, '0')}`,
        creationDate: new Date(Date.UTC(2015, 0, 1) + i * 6 * 3600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
        timeZone: 'Europe/Paris',
        text,
        richText: JSON.stringify({ contents: [{ text: words(Math.max(0, entryBytes - 900)) }] }),
        tags: ['Walks'],
      };
      yield `${i ? ',' : ''}${JSON.stringify(entry)}`;
    }
    yield ']}';
  };
}

type Watch = {
  p99Ms: number;
  maxMs: number;
  peakRssGrowth: number;
  healthMaxMs: number;
  healthChecks: number;
};

/**
 * Runs `work` while measuring this process's event-loop delay and resident memory, and while /api/health is asked
 * again and again over the socket; every answer's time is kept.
 */
async function watching<T>(base: string, work: () => Promise<T>): Promise<{ result: T; watch: Watch }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const baseline = process.memoryUsage.rss();
  let peakRss = baseline;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  let working = true;
  const healthTimes: number[] = [];
  const poller = (async () => {
    while (working) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      healthTimes.push(performance.now() - started);
      // Pacing between probes, so the probes themselves do not become the load.
      await pause(25);
    }
  })();
  histogram.enable();
  try {
    const result = await work();
    return {
      result,
      watch: {
        p99Ms: histogram.percentile(99) / 1e6,
        maxMs: histogram.max / 1e6,
        peakRssGrowth: peakRss - baseline,
        healthMaxMs: Math.max(...healthTimes),
        healthChecks: healthTimes.length,
      },
    };
  } finally {
    working = false;
    histogram.disable();
    clearInterval(sampler);
    await poller;
  }
}

/** A multipart upload whose body is read from `file` as it is sent (chunked, never whole in memory). */
async function uploadFile(base: string, cookie: string, file: string) {
  const boundary = `----daybook${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="export.zip"\r\nContent-Type: application/zip\r\n\r\n`;
  async function* body() {
    yield Buffer.from(head);
    for await (const chunk of createReadStream(file)) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const response = await fetch(`${base}/api/import`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: body(),
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: await response.json() };
}

describe('import bounds', () => {
  const ctx = useTestApp({ RATE_LIMIT_SCALE: '100' });
  let dir: string;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'daybook-import-bounds-'));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function writtenFor(userId: string) {
    const db = ctx.database.db;
    const [e] = await db.select({ n: count() }).from(entries).where(eq(entries.userId, userId));
    const [d] = await db.select({ n: count() }).from(mediaDrafts).where(eq(mediaDrafts.userId, userId));
    const [p] = await db
      .select({ n: count() })
      .from(importPreviews)
      .where(and(eq(importPreviews.userId, userId), notInArray(importPreviews.state, ['done', 'failed'])));
    return { entries: e!.n, drafts: d!.n, previews: p!.n };
  }
  const NOTHING = { entries: 0, drafts: 0, previews: 0 };

  it.each([
    // ~100 MB of JSON in one stored member: the upload of ADR 059 (most of each entry is Day One's richText).
    { variant: 'stored', entryCount: 2_000, entryBytes: 51_000, isDeflated: false },
    { variant: 'deflated', entryCount: 1_000, entryBytes: 30_000, isDeflated: true },
  ])(
    'checks and imports a $variant Journal.json of $entryCount entries with the event loop free, memory bounded and /api/health answering',
    async ({ entryCount, entryBytes, isDeflated }) => {
      const signedIn = await createSignedInUser(ctx);
      const archive = path.join(dir, `${randomUUID()}.zip`);
      const archiveBytes = await writeZipFile(archive, [
        { name: 'Journal.json', content: dayOneJournal(entryCount, entryBytes), isDeflated },
      ]);
      if (!isDeflated) expect(archiveBytes).toBeGreaterThan(100_000_000);

      // The same watch with nothing to do first: what this machine's scheduler alone adds. On a quiet machine it
      // is a few milliseconds; on a shared 2-core machine under a load of 20 it was 30-45 ms at p99 (ADR 054), and
      // the bounds below are the import's own share on top of it.
      const idle = await watching(base, () => pause(3_000));
      console.info('import-bounds idle:', idle.watch);
      // The embedded database runs each statement on this event loop (staging in the check, batches in the
      // write), and /api/health's query waits behind it: one 50-entry transaction was measured at 80-250 ms under
      // load, and beside the other test files of a pass the whole loop slows with the machine. The import's own
      // share of the loop is therefore held to the bounds on PostgreSQL, where the loop is the app's alone
      // (ADR 054, ADR 061); on PGlite memory is bounded and every health probe must answer 200 (the watch checks
      // each one).
      const onPostgres = Boolean(process.env.DATABASE_URL);
      const withinBounds = (watch: Watch, options: { loop: boolean }) => {
        expect(watch.peakRssGrowth).toBeLessThan(RSS_GROWTH_BUDGET);
        if (!options.loop) return;
        expect(watch.p99Ms).toBeLessThan(MAX_LOOP_P99_MS + idle.watch.p99Ms);
        expect(watch.healthMaxMs).toBeLessThan(MAX_HEALTH_MS + idle.watch.healthMaxMs);
      };
      // The upload, then the check as the import job runs it in this same process (ADR 077).
      const check = await watching(base, async () => {
        const uploaded = await uploadFile(base, signedIn.cookie, archive);
        expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(202);
        await runImportJobs(ctx);
        return readImport(ctx, signedIn.cookie, (uploaded.body as ImportJob).id);
      });
      console.info(`import-bounds check (${archiveBytes} bytes):`, check.watch);
      expect(check.result.state, JSON.stringify(check.result.error)).toBe('ready');
      const preview = check.result.preview!;
      expect(preview).toMatchObject({ source: 'dayone', archiveEntries: entryCount, newEntries: entryCount });
      expect(check.watch.healthChecks).toBeGreaterThan(5);
      withinBounds(check.watch, { loop: onPostgres });

      const write = await watching(base, async () => {
        const response = await fetch(`${base}/api/import/${preview.id}/confirm`, {
          method: 'POST',
          headers: { cookie: signedIn.cookie },
        });
        expect(response.status).toBe(202);
        await runImportJobs(ctx);
        return readImport(ctx, signedIn.cookie, preview.id);
      });
      console.info('import-bounds confirm:', write.watch);
      expect(write.result.state).toBe('done');
      expect(write.result.report?.imported).toBe(entryCount);
      withinBounds(write.watch, { loop: onPostgres });
      expect((await writtenFor(signedIn.user.id)).entries).toBe(entryCount);
      await rm(archive, { force: true });
    },
    600_000,
  );

  const journal = (entryList: unknown[]) =>
    JSON.stringify({ metadata: { version: '1.0' }, entries: entryList });
  const entry = (i: number, text = 'A day by the river.') => ({
    uuid: `LIMIT${i}`,
    creationDate: '2022-05-01T10:00:00Z',
    timeZone: 'UTC',
    text,
  });

  // The archive's limits are read before any row is written: the same on both drivers, run on PostgreSQL when both are.
  it.skipIf(isRepeatOnPglite)(
    `takes an archive of exactly ${IMPORT_LIMITS.maxEntries.toLocaleString('en-US')} entries`,
    async () => {
      const signedIn = await createSignedInUser(ctx);
      const archive = buildZip([
        {
          name: 'Journal.json',
          data: journal(Array.from({ length: IMPORT_LIMITS.maxEntries }, (_, i) => entry(i))),
          isDeflated: true,
        },
      ]);
      const checked = await checkImportArchive(ctx, signedIn.cookie, archive);
      expect(checked.state, JSON.stringify(checked.error)).toBe('ready');
      expect(checked.preview).toMatchObject({
        archiveEntries: IMPORT_LIMITS.maxEntries,
        newEntries: IMPORT_LIMITS.maxEntries,
      });
    },
    300_000,
  );

  describe.skipIf(isRepeatOnPglite)('refuses, with its message and writing nothing', () => {
    it.each([
      [
        'a stored file larger than its header declares',
        () => buildZip([{ name: 'Journal.json', data: journal([entry(1), entry(2)]), declaredSize: 40 }]),
        IMPORT_MESSAGES.sizeMismatch,
      ],
      [
        'a deflated file that inflates past its declared size (a lying bomb)',
        () =>
          buildZip([
            {
              name: 'Journal.json',
              data: journal(Array.from({ length: 5_000 }, (_, i) => entry(i, prose(i)(400)))),
              isDeflated: true,
              declaredSize: 300_000,
            },
          ]),
        IMPORT_MESSAGES.sizeMismatch,
      ],
      [
        'a JSON file declared larger than 100 MB',
        () =>
          buildZip([
            {
              name: 'Journal.json',
              // Hex of random bytes halves when deflated: a ratio a real file could have, so only the size refuses.
              data: journal([{ ...entry(1), noise: randomBytes(1536 * 1024).toString('hex') }]),
              isDeflated: true,
              declaredSize: IMPORT_LIMITS.maxJsonBytes + 1,
            },
          ]),
        IMPORT_MESSAGES.jsonTooLarge('Journal.json'),
      ],
      [
        `more than ${IMPORT_LIMITS.maxEntries.toLocaleString('en-US')} entries (at the one past the limit)`,
        () =>
          buildZip([
            {
              name: 'Journal.json',
              data: journal(Array.from({ length: IMPORT_LIMITS.maxEntries + 1 }, (_, i) => entry(i))),
              isDeflated: true,
            },
          ]),
        IMPORT_MESSAGES.tooManyEntries(IMPORT_LIMITS.maxEntries),
      ],
      [
        'one entry larger than 4 MB',
        () =>
          buildZip([
            {
              name: 'Journal.json',
              data: journal([entry(1), entry(2, prose(2)(IMPORT_LIMITS.maxEntryJsonChars + 1000))]),
            },
          ]),
        IMPORT_MESSAGES.entryTooLarge('Journal.json', 1),
      ],
      [
        `more than ${IMPORT_LIMITS.maxZipEntries.toLocaleString('en-US')} files`,
        () =>
          buildZip([
            { name: 'Journal.json', data: journal([entry(1)]) },
            ...Array.from({ length: IMPORT_LIMITS.maxZipEntries }, (_, i) => ({ name: `f/${i}`, data: '' })),
          ]),
        IMPORT_MESSAGES.tooManyFiles,
      ],
    ])('%s', async (_name, build, message) => {
      const signedIn = await createSignedInUser(ctx);
      const checked = await checkImportArchive(ctx, signedIn.cookie, build());
      expect(checked.state).toBe('failed');
      expect(checked.error?.message).toBe(message);
      expect(await writtenFor(signedIn.user.id)).toEqual(NOTHING);
    });
  });
});
