import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlSocketPath, sendControlRequest, startControlSocket } from './control-socket.ts';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, lockHolder } from './data-dir-lock.ts';
import { failed, succeeded } from './protocol.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'daybook-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeLock = (content: Record<string, unknown>) =>
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({
      hostname: hostname(),
      startTime: null,
      role: 'Daybook server',
      since: 'then',
      ...content,
    }),
  );

async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data-directory lock', () => {
  it('is held by one process at a time and released only by its holder', () => {
    const lock = acquireDataDirLock(dir, 'Daybook server');
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({
      pid: process.pid,
      role: 'Daybook server',
    });
    // Our own pid counts as stale (a restarted container), so a second holder is another live process.
    writeLock({ pid: process.ppid });
    expect(() => acquireDataDirLock(dir, 'admin CLI')).toThrow(DataDirLockedError);
    expect(lockHolder(dir)?.pid).toBe(process.ppid);
    lock.release(); // not ours any more: left in place
    expect(existsSync(lock.path)).toBe(true);
  });

  it('breaks a lock whose process is gone or whose pid was reused, never one from another host', async () => {
    writeLock({ pid: await exitedPid() });
    expect(lockHolder(dir)).toBeNull();
    acquireDataDirLock(dir, 'admin CLI').release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    writeLock({ pid: process.ppid, startTime: '1' }); // alive, but started at another time: a reused pid
    expect(lockHolder(dir)).toBeNull();

    writeLock({ pid: await exitedPid(), hostname: 'another-machine' });
    expect(() => acquireDataDirLock(dir, 'admin CLI')).toThrow(/in use by process/);
  });

  it('counts an unreadable lock file as held (one being written this instant)', () => {
    writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    expect(() => acquireDataDirLock(dir, 'admin CLI')).toThrow(/starting or has just stopped/);
  });
});

describe('the control socket', () => {
  it('answers a valid request, refuses an invalid one, and is 0600 and gone after close', async () => {
    const socket = await startControlSocket({
      dataDir: dir,
      handle: async (request) => succeeded([`ran ${request.command}`]),
    });
    expect(statSync(socket.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(
      await sendControlRequest(socket.path, { command: 'confirm', email: 'a@example.com' }, 5000),
    ).toEqual({
      kind: 'answered',
      response: { ok: true, lines: ['ran confirm'], warnings: [] },
    });
    const raw = await sendControlRequest(
      socket.path,
      { command: 'plan', email: 'a@example.com', plan: 'gold' } as never,
      5000,
    );
    expect(raw).toMatchObject({ kind: 'answered', response: { ok: false, code: 'invalid_request' } });
    await socket.close();
    expect(existsSync(controlSocketPath(dir))).toBe(false);
    expect(
      await sendControlRequest(socket.path, { command: 'confirm', email: 'a@example.com' }, 5000),
    ).toEqual({
      kind: 'no-server',
    });
  });

  it('passes progress lines on as they come, and stops a long command when the server closes', async () => {
    const seed = { command: 'seed', users: 1, entries: 10, password: 'x' } as const;
    const socket = await startControlSocket({
      dataDir: dir,
      handle: async (request, { report, signal }) => {
        report(`started ${request.command}`);
        // A command that runs until it is asked to stop, as a seed checks between batches.
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        report('stopping');
        return failed('cancelled', 'stopped');
      },
    });
    const lines: string[] = [];
    let closed: Promise<void> | undefined;
    const answer = await sendControlRequest(socket.path, seed, 5000, (line) => {
      lines.push(line);
      if (line === 'started seed') closed = socket.close();
    });
    expect(lines).toEqual(['started seed', 'stopping']);
    expect(answer).toEqual({
      kind: 'answered',
      response: { ok: false, code: 'cancelled', lines: ['stopped'] },
    });
    await closed;
    expect(existsSync(controlSocketPath(dir))).toBe(false);
  });
});
