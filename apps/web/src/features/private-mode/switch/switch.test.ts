import {
  api,
  decryptText,
  deriveEntryKeyV2,
  deriveImportKeyV2,
  type EntryKey,
  encryptText,
  importAccountKey,
  keyProof,
  openEntryTextV2,
  openMoodV2,
  privateNameOfStoredImportKey,
  randomKeyBytes,
} from '@daybook/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { sealEntryText } from '../../../lib/encryption/entry-cipher.ts';
import { type CopyCipher, keepEntries, readEntryCopy } from '../../../lib/offline/entry-copy.ts';
import { forgetAccountKeys, keepAccountKey, keptAccountKey } from '../../../lib/private-keys/session-key.ts';
import { callsTo, sessionUser } from '../../../test/api.ts';
import { sealedEntry, testEntryKey } from '../../../test/entries.ts';
import { entriesStep } from './entries-step.ts';
import { importKeysStep } from './import-keys-step.ts';
import { lazyOutcomeStep, type ReEncryptionStep, type RunProgress, runSteps } from './runner.ts';
import { switchOff, switchOn } from './switch-flow.ts';
import { idOf, MOODS, readableRows, switchServer } from './test-server.ts';

/*
 * The switch's runner in the browser (ADR 097) with real WebCrypto: the version-1 key derived as the app derives it,
 * an account key unlocked as lib/private-keys keeps it, and a stand-in for the server's endpoints that keeps rows
 * and applies the server's rule (a row is replaced only while it is still under the version it came from; the
 * server's own tests: apps/server/test/private-switch.test.ts).
 */

const USER = sessionUser.id;
/** Private mode unlocked in this tab, as lib/private-keys leaves it: the account key and its entry key. */
async function unlock() {
  const raw = randomKeyBytes();
  keepAccountKey(USER, raw);
  const accountKey = await importAccountKey(raw);
  return { v2: await deriveEntryKeyV2(accountKey), proof: await keyProof(accountKey) };
}

const controller = () => new AbortController();

describe('switching private mode on and off in the browser', () => {
  beforeEach(() => forgetAccountKeys());

  it('makes every readable entry private in batches, telling the progress, text and mood sealed', async () => {
    const { key } = await testEntryKey();
    const { v2 } = await unlock();
    const server = switchServer(await readableRows(key, 30));
    const reports: RunProgress[] = [];
    const outcome = await switchOn({
      userId: USER,
      steps: [entriesStep({ userId: USER, target: 'private' }, key)],
      onProgress: (progress) => reports.push(progress),
      signal: controller().signal,
    });
    expect(outcome).toEqual({ done: 30, total: 30, unreadable: 0, isCancelled: false });
    // Counted first, then after each batch of 25.
    expect(reports.map(({ done, total }) => [done, total])).toEqual([
      [0, 30],
      [25, 30],
      [30, 30],
    ]);
    expect(reports.every((report) => report.step === 'entries')).toBe(true);
    expect(reports.at(-1)?.remainingMs === null || reports.at(-1)?.remainingMs === 0).toBe(true);
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.reEncrypt.path}`)).toHaveLength(2);

    for (const [index, row] of [...server.rows.values()].entries()) {
      expect(row).toMatchObject({ encryptionVersion: 2, moodTag: null });
      expect(
        await openEntryTextV2(v2, USER, { ciphertext: row.encryptedContent!, iv: row.encryptionIv! }),
      ).toBe(`Entry ${index}: the lighthouse keeper's log`);
      expect(await openMoodV2(v2, USER, row.encryptedMood!)).toBe(MOODS[index % MOODS.length] ?? null);
      // The version-1 key opens none of them any more.
      await expect(
        decryptText(key, { ciphertext: row.encryptedContent!, iv: row.encryptionIv! }),
      ).rejects.toThrow();
    }
    // Nothing the server could read went out: no plain mood in any body sent.
    const sent = JSON.stringify(callsTo(server.fetchMock, `POST ${api.privateMode.reEncrypt.path}`));
    expect(sent).not.toContain('Grateful');
    expect(sent).not.toContain('moodTag');
  });

  it('renames the keys of entries the server imported to the names a private import gives them; a second run finds none', async () => {
    const { key } = await testEntryKey();
    const raw = randomKeyBytes();
    keepAccountKey(USER, raw);
    const server = switchServer(await readableRows(key, 3));
    const identity = 'dayone:0F2A6B1C3D4E5F60718293A4B5C6D7E8';
    server.importKeys.set(idOf(0), identity);
    server.importKeys.set(idOf(1), `${identity}#2`);
    const run = () =>
      switchOn({
        userId: USER,
        steps: [importKeysStep({ userId: USER, target: 'private' })],
        onProgress: () => undefined,
        signal: controller().signal,
      });
    expect(await run()).toMatchObject({ done: 2, total: 2, isCancelled: false });
    const nameKey = await deriveImportKeyV2(await importAccountKey(raw));
    expect(server.importKeys.get(idOf(0))).toBe(await privateNameOfStoredImportKey(nameKey, identity));
    expect(server.importKeys.get(idOf(1))).toBe(await privateNameOfStoredImportKey(nameKey, `${identity}#2`));
    // Nothing the server could read of the identity went out as a new name.
    const sent = JSON.stringify(callsTo(server.fetchMock, `POST ${api.privateMode.rekeyImport.path}`));
    expect(sent.match(/0F2A6B1C/g)).toHaveLength(2);
    expect(await run()).toMatchObject({ done: 0, total: 0 });
  });

  it('stops at the next batch when cancelled, and a later run resumes with what is left', async () => {
    const { key } = await testEntryKey();
    await unlock();
    const server = switchServer(await readableRows(key, 60));
    const run = controller();
    const step = entriesStep({ userId: USER, target: 'private' }, key);
    const first = await runSteps([step], {
      signal: run.signal,
      onProgress: (progress) => {
        if (progress.done >= 25) run.abort();
      },
    });
    expect(first).toMatchObject({ done: 25, total: 60, isCancelled: true });
    expect(server.status()).toMatchObject({ readableEntries: 35, privateEntries: 25 });

    // A closed tab is the same: the next run counts what is still version 1 and turns only that.
    const reports: RunProgress[] = [];
    const second = await runSteps([entriesStep({ userId: USER, target: 'private' }, key)], {
      signal: controller().signal,
      onProgress: (progress) => reports.push(progress),
    });
    expect(second).toEqual({ done: 35, total: 35, unreadable: 0, isCancelled: false });
    expect(reports[0]).toMatchObject({ done: 0, total: 35 });
    expect(server.status()).toMatchObject({ readableEntries: 0, privateEntries: 60 });
  });

  it('runs side by side with another tab: what the other turned is skipped, never an error', async () => {
    const { key } = await testEntryKey();
    await unlock();
    const server = switchServer(await readableRows(key, 40));
    const tab = () =>
      runSteps([entriesStep({ userId: USER, target: 'private' }, key)], {
        signal: controller().signal,
        onProgress: () => {},
      });
    const [a, b] = await Promise.all([tab(), tab()]);
    expect(a.isCancelled || b.isCancelled).toBe(false);
    expect(a.unreadable + b.unreadable).toBe(0);
    expect(server.status()).toMatchObject({ readableEntries: 0, privateEntries: 40 });
  });

  it('runs further steps after the entries, adding up their counts (the hook for media and messages)', async () => {
    const { key } = await testEntryKey();
    await unlock();
    switchServer(await readableRows(key, 3));
    const turned: string[] = [];
    const media: ReEncryptionStep = {
      id: 'media',
      label: 'photos and recordings',
      count: async () => 2,
      run: async (onProgress) => {
        for (const file of ['a.jpg', 'b.webm']) {
          turned.push(file);
          onProgress({ done: turned.length, total: 2, unreadable: 0 });
        }
        return { done: 2, total: 2, unreadable: 0 };
      },
    };
    const reports: RunProgress[] = [];
    const outcome = await runSteps([entriesStep({ userId: USER, target: 'private' }, key), media], {
      signal: controller().signal,
      onProgress: (progress) => reports.push(progress),
    });
    expect(outcome).toEqual({ done: 5, total: 5, unreadable: 0, isCancelled: false });
    expect(reports.map(({ step, done, total }) => `${step} ${done}/${total}`)).toEqual([
      'entries 0/5',
      'entries 3/5',
      'media 3/5',
      'media 4/5',
      'media 5/5',
    ]);
  });

  it('takes a step that answers converted and unreadable (the letters’), loaded only when it runs', async () => {
    let loads = 0;
    const letters = lazyOutcomeStep('future-messages', 'letters to your future self', async () => {
      loads += 1;
      return {
        count: async () => 3,
        run: async (onProgress) => {
          for (let done = 1; done <= 3; done += 1) onProgress({ done, total: 3 });
          return { converted: 2, unreadable: 1 };
        },
      };
    });
    expect(loads).toBe(0);
    const reports: RunProgress[] = [];
    const outcome = await runSteps([letters], {
      signal: controller().signal,
      onProgress: (progress) => reports.push(progress),
    });
    expect(outcome).toEqual({ done: 2, total: 3, unreadable: 1, isCancelled: false });
    expect(reports.map(({ done }) => done)).toEqual([0, 1, 2, 3]);
    expect(reports.at(-1)?.label).toBe('letters to your future self');
  });

  it('leaves an entry it cannot open as it is, and refuses to start while private mode is locked', async () => {
    const { key } = await testEntryKey();
    const rows = await readableRows(key, 2);
    rows[1] = { ...rows[1]!, encryptedContent: (await encryptText(await otherKey(), 'not ours')).ciphertext };
    const server = switchServer(rows);
    const steps = [entriesStep({ userId: USER, target: 'private' }, key)];
    await expect(
      switchOn({ userId: USER, steps, onProgress: () => {}, signal: controller().signal }),
    ).rejects.toThrow(/Unlock your journal/);
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.reEncrypt.path}`)).toEqual([]);

    await unlock();
    const outcome = await switchOn({
      userId: USER,
      steps,
      onProgress: () => {},
      signal: controller().signal,
    });
    expect(outcome).toMatchObject({ done: 1, unreadable: 1 });
    expect(server.rows.get(idOf(1))).toMatchObject({ encryptionVersion: 1 });
  });

  it('takes the converted entries out of the offline copy, which held their moods under the version-1 key', async () => {
    const { key } = await testEntryKey();
    await unlock();
    const entry = await sealedEntry('Kept for reading offline', { id: idOf(0), moodTag: 'Grateful' });
    const cipher = copyCipher(key);
    await keepEntries(cipher, USER, [entry]);
    expect(await readEntryCopy(cipher, (value) => value as typeof entry, USER)).toHaveLength(1);
    switchServer([
      {
        id: entry.id,
        encryptionVersion: 1,
        encryptedContent: entry.encryptedContent,
        encryptionIv: entry.encryptionIv,
        moodTag: 'Grateful',
        encryptedMood: null,
      },
    ]);
    await switchOn({
      userId: USER,
      steps: [entriesStep({ userId: USER, target: 'private' }, key)],
      onProgress: () => {},
      signal: controller().signal,
    });
    expect(await readEntryCopy(cipher, (value) => value as typeof entry, USER)).toEqual([]);
  });

  it('switches off: tells the server first, turns every entry back with its mood, finishes and forgets the key', async () => {
    const { key } = await testEntryKey();
    const { v2, proof } = await unlock();
    const server = switchServer(await readableRows(key, 27));
    await switchOn({
      userId: USER,
      steps: [entriesStep({ userId: USER, target: 'private' }, key)],
      onProgress: () => {},
      signal: controller().signal,
    });
    expect(server.status()).toMatchObject({ readableEntries: 0, privateEntries: 27 });

    const reports: RunProgress[] = [];
    const outcome = await switchOff({
      userId: USER,
      steps: [entriesStep({ userId: USER, target: 'standard' }, key)],
      onProgress: (progress) => reports.push(progress),
      signal: controller().signal,
    });
    expect(outcome).toEqual({ done: 27, total: 27, unreadable: 0, isCancelled: false, isFinished: true });
    expect(reports.at(-1)).toMatchObject({ done: 27, total: 27 });
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.switchOff.path}`)).toEqual([
      { keyProof: proof },
    ]);
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.finishSwitchOff.path}`)).toEqual([
      { keyProof: proof },
    ]);
    expect(server.status()).toEqual({ mode: 'standard', readableEntries: 27, privateEntries: 0 });
    for (const [index, row] of [...server.rows.values()].entries()) {
      expect(row).toMatchObject({
        encryptionVersion: 1,
        encryptedMood: null,
        moodTag: MOODS[index % MOODS.length] ?? null,
      });
      expect(await decryptText(key, { ciphertext: row.encryptedContent!, iv: row.encryptionIv! })).toBe(
        `Entry ${index}: the lighthouse keeper's log`,
      );
      await expect(
        openEntryTextV2(v2, USER, { ciphertext: row.encryptedContent!, iv: row.encryptionIv! }),
      ).rejects.toThrow();
    }
    // The key row is gone on the server: this tab no longer seals under it.
    expect(keptAccountKey(USER)).toBeNull();
  });

  it('switching off, cancelled halfway, is continued without asking the server to start again', async () => {
    const { key } = await testEntryKey();
    await unlock();
    const rows = await readableRows(key, 30);
    const server = switchServer(rows);
    await switchOn({
      userId: USER,
      steps: [entriesStep({ userId: USER, target: 'private' }, key)],
      onProgress: () => {},
      signal: controller().signal,
    });
    const run = controller();
    const first = await switchOff({
      userId: USER,
      steps: [entriesStep({ userId: USER, target: 'standard' }, key)],
      onProgress: (progress) => {
        if (progress.done >= 25) run.abort();
      },
      signal: run.signal,
    });
    expect(first).toMatchObject({ done: 25, isCancelled: true, isFinished: false });
    expect(server.status()).toEqual({ mode: 'switching-off', readableEntries: 25, privateEntries: 5 });
    expect(keptAccountKey(USER)).not.toBeNull();

    const second = await switchOff({
      userId: USER,
      steps: [entriesStep({ userId: USER, target: 'standard' }, key)],
      onProgress: () => {},
      signal: controller().signal,
    });
    expect(second).toMatchObject({ done: 5, total: 5, isFinished: true });
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.switchOff.path}`)).toHaveLength(1);
    expect(server.status().mode).toBe('standard');
  });
});

async function otherKey(): Promise<EntryKey> {
  const raw = randomKeyBytes();
  return deriveEntryKeyV2(await importAccountKey(raw));
}

/** The cipher the entries' queries hand the offline copy (features/entries/api/entry-copy.ts). */
function copyCipher(key: EntryKey): CopyCipher {
  return {
    seal: (text) => sealEntryText(key, text),
    open: async ({ encryptedContent, encryptionIv }) => {
      try {
        return await decryptText(key, { ciphertext: encryptedContent, iv: encryptionIv });
      } catch {
        return null;
      }
    },
  };
}
