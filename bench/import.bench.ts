import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import {
  deriveEntryKeyV2,
  deriveImportKeyV2,
  type ImportJob,
  importAccountKey,
  type PrivateImportTransport,
  previewPrivateImport,
  runPrivateImport,
} from '@daybook/shared';
import sharp from 'sharp';
import { openZipArchive } from '../apps/server/src/modules/import/zip.ts';
import { browserKeySetUp } from '../apps/server/test/support/private-keys.ts';
import { writeZipFile } from '../apps/server/test/support/zip.ts';
import { BENCH_PASSWORD, benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const execFileAsync = promisify(execFile);

/** A photo of about `megabytes`, of noise (a photo does not compress either). */
export async function noisePhoto(megabytes: number): Promise<Buffer> {
  const width = 1600;
  // Noise at quality 92 costs about 0.29 bytes of JPEG per byte of pixels.
  const height = Math.max(64, Math.round((megabytes * 1_048_576) / (width * 3 * 0.29)));
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * A Day One export of `entryCount` entries, one in `photoEvery` with the photo: the same picture with a few bytes
 * after its end, so that each is a file of its own, named by its md5 as Day One names them.
 */
export async function writeDayOneArchive(
  file: string,
  options: { entryCount: number; photoEvery: number },
  photo: Buffer,
  prefix: string,
) {
  const photos: { md5: string; tail: Buffer }[] = [];
  const journal = {
    metadata: { version: '1.0' },
    entries: Array.from({ length: options.entryCount }, (_, i) => {
      const entry: Record<string, unknown> = {
        uuid: `${prefix}${String(i).padStart(8, '0')}`,
        creationDate: new Date(Date.UTC(2014, 0, 1) + i * 86_400_000).toISOString(),
        timeZone: 'Europe/Lisbon',
        text: `Day ${i + 1}. A slow walk by the river this evening; I left my phone at home and noticed the light on the water. #walks`,
      };
      if (i % options.photoEvery === 0) {
        const tail = randomBytes(16);
        const md5 = createHash('md5').update(photo).update(tail).digest('hex');
        photos.push({ md5, tail });
        entry.photos = [{ identifier: `P${i}`, md5, type: 'jpeg' }];
      }
      return entry;
    }),
  };
  const archiveBytes = await writeZipFile(file, [
    { name: 'Journal.json', content: () => [JSON.stringify(journal)], isDeflated: true },
    ...photos.map(({ md5, tail }) => ({ name: `photos/${md5}.jpeg`, content: () => [photo, tail] })),
  ]);
  return { archiveBytes, photos: photos.length };
}

/**
 * The archive sent as a browser sends a file, streamed from disk as multipart, by curl in a process of its own: the
 * server is measured in this process, and a client here counted its own upload buffers (before GC took them) as
 * the server's memory, two thirds of the growth once reported.
 */
export async function uploadImportArchive(origin: string, cookie: string, file: string): Promise<ImportJob> {
  const { stdout } = await execFileAsync('curl', [
    '--silent',
    '--show-error',
    '--write-out',
    '\n%{http_code}',
    '--header',
    `cookie: ${cookie}`,
    '--form',
    `archive=@${file};type=application/zip;filename=dayone.zip`,
    `${origin}/api/import`,
  ]);
  const [body = '', status] = [
    stdout.slice(0, stdout.lastIndexOf('\n')),
    stdout.slice(stdout.lastIndexOf('\n') + 1),
  ];
  if (status !== '202') throw new Error(`upload answered ${status}: ${body}`);
  return JSON.parse(body) as ImportJob;
}

/**
 * Import throughput (ADR 077): a Day One export of `entryCount` entries, one in `photoEvery` with
 * a photo of about `photoMegabytes`, uploaded over loopback, checked and written by the import job in the server's
 * process; beside a bare read of the same archive (every member inflated and dropped, the journal parsed). The
 * process's resident memory is sampled throughout: it must not grow with the archive.
 */
export async function importThroughputBench(options: {
  entryCount: number;
  photoEvery: number;
  photoMegabytes: number;
}) {
  const bench = await openBenchDatabase();
  const { app, origin } = await startBenchApp(bench.database);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'daybook-import-bench-'));
  try {
    const user = await benchUser(app, bench.database);
    const read = async (id: string) =>
      (await (
        await fetch(`${origin}/api/import/${id}`, { headers: { cookie: user.cookie } })
      ).json()) as ImportJob;
    const photo = await noisePhoto(options.photoMegabytes);
    const archive = path.join(dir, 'dayone.zip');
    const { archiveBytes, photos } = await writeDayOneArchive(archive, options, photo, 'BENCH');
    const mediaMegabytes = (photos * (photo.length + 16)) / 1_048_576;

    // The bare read: every member inflated and dropped, the journal parsed.
    const bareBegan = performance.now();
    const zip = await openZipArchive(archive);
    for (const name of zip.names) {
      if (name.endsWith('.json')) {
        const chunks: Buffer[] = [];
        await pipeline(
          await zip.stream(name),
          new Writable({
            write: (chunk: Buffer, _encoding, done) => {
              chunks.push(chunk);
              done();
            },
          }),
        );
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } else await pipeline(await zip.stream(name), new Writable({ write: (_c, _e, done) => done() }));
    }
    zip.close();
    const bareSeconds = (performance.now() - bareBegan) / 1000;

    /** Upload, check, confirm, write, as the import page and the job do them: the moments each step ended. */
    async function importThroughTheJob(file: string) {
      const began = performance.now();
      const queued = await uploadImportArchive(origin, user.cookie, file);
      const uploadedAt = performance.now();
      await app.services.imports.runPending();
      const checkedAt = performance.now();
      const checked = await read(queued.id);
      if (checked.state !== 'ready')
        throw new Error(`check ended ${checked.state}: ${checked.error?.message}`);
      const confirmed = await fetch(`${origin}/api/import/${queued.id}/confirm`, {
        method: 'POST',
        headers: { cookie: user.cookie },
      });
      if (confirmed.status !== 202) throw new Error(`confirm answered ${confirmed.status}`);
      await app.services.imports.runPending();
      const doneAt = performance.now();
      return { began, uploadedAt, checkedAt, doneAt, report: (await read(queued.id)).report };
    }

    // A first small import loads what any first import loads (the image model, the JIT): not the archive's cost.
    const warmUp = path.join(dir, 'warm-up.zip');
    await writeDayOneArchive(warmUp, { entryCount: 10, photoEvery: 10 }, photo, 'WARM');
    await importThroughTheJob(warmUp);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 100);
    const { began, uploadedAt, checkedAt, doneAt, report } = await importThroughTheJob(archive).finally(() =>
      clearInterval(sampler),
    );
    if (report?.imported !== options.entryCount || report.media !== photos)
      throw new Error(`import wrote ${JSON.stringify(report)}`);
    const oursSeconds = (doneAt - began) / 1000;
    const browserSide = await privateImportRate(origin, app, bench.database, archive);
    return {
      entries: options.entryCount,
      photos,
      archiveMegabytes: archiveBytes / 1_048_576,
      mediaMegabytes,
      seconds: {
        upload: (uploadedAt - began) / 1000,
        check: (checkedAt - uploadedAt) / 1000,
        write: (doneAt - checkedAt) / 1000,
      },
      ours: {
        entriesPerSecond: options.entryCount / oursSeconds,
        megabytesPerSecond: archiveBytes / 1_048_576 / oursSeconds,
      },
      bare: {
        entriesPerSecond: options.entryCount / bareSeconds,
        megabytesPerSecond: archiveBytes / 1_048_576 / bareSeconds,
      },
      ratio: bareSeconds / oursSeconds,
      privateImport: browserSide,
      rssGrowthMegabytes: (rssPeak - rssBefore) / 1_048_576,
    };
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
    await bench.drop();
  }
}

/**
 * A private-mode account's import of the same archive (ADR 099), by the browser's own steps (the shared reader,
 * keyed names, version-2 sealing, batches of 50 over HTTP): the text only, since attachments are not imported in
 * private mode yet. Run in Node's WebCrypto over loopback, not in chromium: the steps and requests are the
 * browser's, the engine is not.
 */
async function privateImportRate(
  origin: string,
  app: Awaited<ReturnType<typeof startBenchApp>>['app'],
  database: Parameters<typeof benchUser>[1],
  archive: string,
) {
  const user = await benchUser(app, database);
  const keys = await browserKeySetUp(user.userId, 'herons fold their necks in flight');
  const setUp = await fetch(`${origin}/api/me/private-mode`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      password: BENCH_PASSWORD,
      kdf: keys.kdf,
      passphraseWrap: keys.passphraseWrap,
      recoveryWrap: keys.recoveryWrap,
      keyProof: keys.keyProof,
    }),
  });
  if (setUp.status !== 201) throw new Error(`private mode set-up answered ${setUp.status}`);
  const call = async <T>(url: string, body: unknown): Promise<T> => {
    const response = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const transport: PrivateImportTransport = {
    known: (check) => call('/api/import/private/known', check),
    createBatch: (source) => call('/api/import/private/batches', { source }),
    upload: (batchId, entries) => call(`/api/import/private/batches/${batchId}/entries`, { entries }),
  };
  const accountKey = await importAccountKey(keys.accountKey);
  const began = performance.now();
  const zip = await openZipArchive(archive);
  const files = {
    names: zip.names,
    sizeOf: (name: string) => zip.sizeOf(name),
    async text(name: string) {
      const chunks: Buffer[] = [];
      await pipeline(
        await zip.stream(name),
        new Writable({
          write: (chunk: Buffer, _encoding, done) => {
            chunks.push(chunk);
            done();
          },
        }),
      );
      return Buffer.concat(chunks).toString('utf8');
    },
  };
  const preview = await previewPrivateImport({
    files,
    fallbackZone: 'UTC',
    nameKey: await deriveImportKeyV2(accountKey),
    transport,
    now: new Date(),
  });
  const report = await runPrivateImport({
    preview,
    userId: user.userId,
    entryKey: await deriveEntryKeyV2(accountKey),
    transport,
  });
  zip.close();
  const seconds = (performance.now() - began) / 1000;
  return { entries: report.imported, seconds, entriesPerSecond: report.imported / seconds };
}
