import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { deriveEntryKey, encryptText, type ImportJob, MOODS } from '@daybook/shared';
import { sendControlRequest } from '../apps/server/src/modules/admin/control-socket.ts';
import type { AdminRequest } from '../apps/server/src/modules/admin/protocol.ts';
import { noisePhoto, uploadImportArchive, writeDayOneArchive } from './import.bench.ts';
import { type CookieJar, createApiClient, type EntryKey, newCookieJar } from './lib/load-generator.ts';
import { multipart, photo } from './media.bench.ts';
import {
  GOAL_MEGABYTES,
  type MemoryProcess,
  measureTree,
  type OperatorInstance,
  printProcesses,
  startOperatorInstance,
} from './memory.bench.ts';

const execFileAsync = promisify(execFile);

/** The workload of ADR 092, as sizes: what an instance has done before it is left idle. */
export const AFTER_USE_WORKLOAD = {
  /** Premium's daily limit is 25 entries a person: ten people write the 200 entries and 20 photos in one day. */
  people: 10,
  entries: 200,
  photos: 20,
  importEntries: 1_000,
  /** One imported entry in ten has a photo of about 1 MB, as in `npm run bench`'s import step. */
  importPhotoEvery: 10,
  importPhotoMegabytes: 1,
  idleSeconds: 300,
} as const;

/**
 * The server's global per-client ceiling is 300 requests a minute (RATE_LIMIT_PER_MINUTE's default), and every
 * request here comes from one address: the workload keeps under it rather than configure the instance otherwise.
 */
const REQUEST_SPACING_MS = 220;

export type MemorySnapshot = {
  /** Seconds since the workload ended (0 for the snapshots taken before it ended). */
  idleSeconds: number;
  processes: MemoryProcess[];
  totalRssMegabytes: number;
};

export type MemoryAfterUseResult = {
  command: string;
  workload: Omit<typeof AFTER_USE_WORKLOAD, 'idleSeconds'> & {
    /** How long the instance was left idle before the measurement (BENCH_MEMORY_IDLE_SECONDS may shorten it). */
    idleSeconds: number;
    /** What the server confirmed it did: entries answered 201, photos moderated and attached, imported entries. */
    entriesWritten: number;
    photosAttached: number;
    imported: number;
    importedPhotos: number;
    importArchiveMegabytes: number;
    exportMegabytes: number;
    seconds: number;
  };
  /** The same instance 5 s after /api/health answered, right after the workload, and after the idle minutes. */
  afterStart: MemorySnapshot;
  afterWorkload: MemorySnapshot;
  afterIdle: MemorySnapshot;
  goal: string;
};

/** A measurement now, with the seconds since `idleSince` (null before the workload ended). */
function snapshot(instance: OperatorInstance, idleSince: number | null): MemorySnapshot {
  return {
    idleSeconds: idleSince === null ? 0 : (performance.now() - idleSince) / 1000,
    ...measureTree(instance.pid),
  };
}

/**
 * Drives the workload against `instance` from this process (and curl for the import's upload and the export's
 * download), the way people and an operator would: accounts registered through the API, confirmed and put on
 * Premium by the operator's admin commands over the server's control socket, sign-ins, entries sealed here with the
 * browser's code, photos uploaded and moderated, a Day One archive imported through the upload and the job, one
 * export downloaded.
 */
async function runWorkload(instance: OperatorInstance) {
  const sizes = AFTER_USE_WORKLOAD;
  const api = createApiClient({ url: instance.origin, sockets: 4 });
  let lastRequestAt = 0;
  /** One request at a time, spaced so that the per-client ceiling is never reached. */
  const send: typeof api.send = async (...args) => {
    const wait = lastRequestAt + REQUEST_SPACING_MS - performance.now();
    if (wait > 0) await sleep(wait);
    lastRequestAt = performance.now();
    return api.send(...args);
  };
  const expect = async (status: number, answer: ReturnType<typeof api.send>, what: string) => {
    const { status: got, text } = await answer;
    if (got !== status) throw new Error(`${what} answered ${got}: ${text.slice(0, 300)}`);
    return text;
  };
  const admin = async (request: AdminRequest) => {
    const answer = await sendControlRequest(path.join(instance.dataDir, 'admin.sock'), request, 60_000);
    if (answer.kind !== 'answered' || !answer.response.ok)
      throw new Error(`admin ${request.command} failed: ${JSON.stringify(answer)}`);
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'daybook-bench-after-use-'));
  const began = performance.now();
  try {
    // Accounts, as people sign up; the operator confirms them (no mailbox read) and grants Premium.
    const password = `After-Use-${randomUUID().slice(0, 8)}-42`;
    const tag = randomUUID().slice(0, 8);
    const people: (CookieJar & { email: string; userId: string; key: EntryKey })[] = [];
    for (let i = 0; i < sizes.people; i++) {
      const email = `memory-${tag}-${i}@example.com`;
      await expect(
        201,
        send(null, 'POST', '/api/auth/register', {
          fullName: `Memory Person ${i + 1}`,
          email,
          password,
          confirmPassword: password,
          acceptTerms: true,
        }),
        'register',
      );
      await admin({ command: 'confirm', email, operator: 'bench' });
      await admin({ command: 'plan', email, plan: 'premium', operator: 'bench' });
      const jar = newCookieJar();
      const signedIn = JSON.parse(
        await expect(200, send(jar, 'POST', '/api/auth/sign-in', { email, password }), 'sign-in'),
      );
      const salt = JSON.parse(await expect(200, send(jar, 'GET', '/api/encryption/salt'), 'salt')).salt;
      people.push({
        ...jar,
        email,
        userId: signedIn.user.id,
        key: await deriveEntryKey(signedIn.user.id, salt),
      });
    }

    const write = async (person: (typeof people)[number], text: string, mediaDraftId?: string) => {
      const sealed = await encryptText(person.key, text);
      await expect(
        201,
        send(person, 'POST', '/api/entries', {
          encryptedContent: sealed.ciphertext,
          encryptionIv: sealed.iv,
          moodTag: MOODS[Math.floor(Math.random() * MOODS.length)]!.label,
          clientRequestId: randomUUID(),
          ...(mediaDraftId ? { mediaDraftId } : {}),
        }),
        'write',
      );
    };

    // Entries, each person in turn, with the reads a journal's page makes between them.
    let entriesWritten = 0;
    for (let i = 0; i < sizes.entries; i++) {
      const person = people[i % people.length]!;
      await write(person, `Entry ${i + 1}: a slow walk by the river, coffee after, the light on the water.`);
      entriesWritten++;
      if (i % people.length === 0)
        await expect(200, send(person, 'GET', '/api/entries?page=1&pageSize=20'), 'read a page');
    }

    // Photos: uploaded as drafts (checked, moderated on the classifier's worker threads, sealed), then attached.
    let photosAttached = 0;
    for (let i = 0; i < sizes.photos; i++) {
      const person = people[i % people.length]!;
      const { body, contentType } = multipart(await photo(1800, 1350, 100 + i));
      const draft = JSON.parse(
        await expect(
          201,
          send(person, 'POST', '/api/media/drafts?mediaType=image', body, { 'content-type': contentType }),
          'photo upload',
        ),
      );
      await write(person, `Photo ${i + 1} from the walk.`, draft.id);
      photosAttached++;
    }

    // The import: a Day One archive uploaded by curl, checked and written by the server's own job.
    const importer = people[0]!;
    const cookie = [...importer.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const archive = path.join(dir, 'dayone.zip');
    const { archiveBytes } = await writeDayOneArchive(
      archive,
      { entryCount: sizes.importEntries, photoEvery: sizes.importPhotoEvery },
      await noisePhoto(sizes.importPhotoMegabytes),
      'AFTERUSE',
    );
    const queued = await uploadImportArchive(instance.origin, cookie, archive);
    const until = async (states: ImportJob['state'][]) => {
      const deadline = Date.now() + 20 * 60_000;
      for (;;) {
        await sleep(2_000);
        const job = JSON.parse(
          await expect(200, send(importer, 'GET', `/api/import/${queued.id}`), 'import status'),
        ) as ImportJob;
        if (states.includes(job.state)) return job;
        if (job.state === 'failed' || job.state === 'cancelled')
          throw new Error(`the import ended ${job.state}: ${job.error?.message}`);
        if (Date.now() > deadline) throw new Error(`the import is still ${job.state}`);
      }
    };
    await until(['ready']);
    await expect(202, send(importer, 'POST', `/api/import/${queued.id}/confirm`), 'import confirm');
    const imported = (await until(['done'])).report;
    if (imported?.imported !== sizes.importEntries)
      throw new Error(`the import wrote ${JSON.stringify(imported)}`);

    // The export of the importer's journal (theirs, the import's 1,000 and its photos), downloaded by curl.
    const { stdout } = await execFileAsync('curl', [
      '--silent',
      '--show-error',
      '--output',
      '/dev/null',
      '--write-out',
      '%{http_code} %{size_download}',
      '--header',
      `cookie: ${cookie}`,
      `${instance.origin}/api/export/archive`,
    ]);
    const [status, bytes] = stdout.trim().split(' ');
    if (status !== '200') throw new Error(`the export answered ${status}`);

    return {
      entriesWritten,
      photosAttached,
      imported: imported.imported,
      importedPhotos: imported.media,
      importArchiveMegabytes: archiveBytes / 1_048_576,
      exportMegabytes: Number(bytes) / 1_048_576,
      seconds: (performance.now() - began) / 1000,
    };
  } finally {
    api.agent.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * ADR 092: `npm start` on the embedded default after a mixed workload, left idle, holds < 300 MB RSS in all.
 * `start()` starts the instance, measures it right after start, runs the workload and returns at once; the idle
 * minutes then pass while `npm run bench` runs its other steps (they load the machine, not this instance, which
 * nothing calls), and `result` resolves when a timer has measured it at `idleSeconds` and stopped it.
 */
export async function startMemoryAfterUseBench(options: { idleSeconds?: number } = {}): Promise<{
  /** npm's, the root of the measured tree: to look closer while it idles (/proc/PID/smaps of its node child). */
  pid: number;
  result: Promise<MemoryAfterUseResult>;
}> {
  const idleSeconds = options.idleSeconds ?? AFTER_USE_WORKLOAD.idleSeconds;
  const instance = await startOperatorInstance();
  try {
    await sleep(5_000);
    const afterStart = snapshot(instance, null);
    const done = await runWorkload(instance);
    const idleSince = performance.now();
    const afterWorkload = snapshot(instance, idleSince);
    // A timer, not an await in the run's order: the measurement happens at its time whatever step is running.
    const result = new Promise<MemoryAfterUseResult>((resolve, reject) => {
      setTimeout(() => {
        let afterIdle: MemorySnapshot;
        try {
          afterIdle = snapshot(instance, idleSince);
        } catch (error) {
          instance.stop().then(() => reject(error), reject);
          return;
        }
        instance.stop().then(
          () =>
            resolve({
              command: 'npm start',
              workload: { ...AFTER_USE_WORKLOAD, idleSeconds, ...done },
              afterStart,
              afterWorkload,
              afterIdle,
              goal: `< ${GOAL_MEGABYTES} MB`,
            }),
          reject,
        );
      }, idleSeconds * 1000);
    });
    // Awaited at the end of the run; until then a failure must not end the process as an unhandled rejection.
    result.catch(() => {});
    return { pid: instance.pid, result };
  } catch (error) {
    await instance.stop();
    throw new Error(`${(error as Error).message}\nserver's stderr:\n${instance.stderr().slice(-2000)}`);
  }
}

const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });

/** The figure after real use, beside the same instance's right after start and the idle bench's. */
export function printMemoryAfterUse(result: MemoryAfterUseResult, idleAfterStartMegabytes?: number): void {
  const w = result.workload;
  console.info(
    `Memory of \`${result.command}\` on the embedded default after real use (${w.people} people signed in, ${fmt(w.entriesWritten)} entries, ${w.photosAttached} photos moderated, a ${fmt(w.imported)}-entry Day One import with ${w.importedPhotos} photos (${fmt(w.importArchiveMegabytes)} MB), one ${fmt(w.exportMegabytes)} MB export; ${fmt(w.seconds)} s), then ${fmt(result.afterIdle.idleSeconds)} s idle: ${fmt(result.afterIdle.totalRssMegabytes)} MB RSS in all (goal ${result.goal}); right after start ${fmt(result.afterStart.totalRssMegabytes)} MB${idleAfterStartMegabytes === undefined ? '' : ` (the idle step's fresh instance: ${fmt(idleAfterStartMegabytes)} MB)`}, right after the workload ${fmt(result.afterWorkload.totalRssMegabytes)} MB`,
  );
  printProcesses(result.afterIdle.processes);
}
