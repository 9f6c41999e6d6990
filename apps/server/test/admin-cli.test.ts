import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createAccountRepository } from '../src/modules/account/repository.ts';
import { LOCK_FILE } from '../src/modules/admin/data-dir-lock.ts';
import { createPlansRepository } from '../src/modules/plans/repository.ts';
import {
  baseEnv,
  cookieOf,
  freePort,
  post,
  run,
  type Server,
  STARTUP_DEADLINE_MS,
  signIn,
  startServer,
  stopServer,
  useAppOnScratchPostgres,
} from './support/cli.ts';
import { preparedDataDir } from './support/database.ts';
import { createSignedInUser, uniqueEmail } from './support/factories.ts';
import { isPostgresProject } from './support/test-driver.ts';

/** The admin CLI as an operator runs it, beside a real server process (support/cli.ts). */
const PASSWORD = 'Quiet-River-42';
const NEW_PASSWORD = 'Harbour-Lights-77';

const admin = (dataDir: string, args: string[], input?: string) =>
  run(['apps/server/src/cli/admin.ts', ...args], baseEnv({ DATA_DIR: dataDir }), input);

const planFeatures = async (server: Server, cookie: string) => {
  const response = await fetch(`${server.url}/api/me/plan-features`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.json();
};

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());

// Its commands and servers never use DATABASE_URL: it runs once, in the PGlite project (vitest.config.ts).
describe.skipIf(isPostgresProject)('admin CLI beside a server on the embedded database', () => {
  let root: string;
  let dataDir: string;
  let server: Server | undefined;
  const email = uniqueEmail('operator');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'daybook-admin-cli-'));
    // The run's migrated snapshot, not a first start (seed-cli.test.ts and CI's `npm start` start from nothing).
    dataDir = await preparedDataDir(path.join(root, 'data'));
    server = await startServer(dataDir);
  }, STARTUP_DEADLINE_MS + 10_000);

  afterAll(async () => {
    await stopServer(server);
    await rm(root, { recursive: true, force: true });
  });

  it('confirms an address and changes a plan through the running server, visible at once and after a restart', async () => {
    const registered = await post(server!, '/api/auth/register', {
      fullName: 'Olive Operator',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    expect(registered.status).toBe(201);
    expect((await signIn(server!, email, PASSWORD)).status).not.toBe(200);

    const confirmed = await admin(dataDir, ['confirm', email]);
    expect(confirmed).toMatchObject({ code: 0, stdout: `${email} is confirmed and can sign in.\n` });
    expect(confirmed.stderr).toContain('run by the Daybook server');
    const signedIn = await signIn(server!, email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    const free = await planFeatures(server!, cookie);

    const planned = await admin(dataDir, ['plan', email, 'premium']);
    expect(planned).toMatchObject({ code: 0, stdout: `${email} is now on the premium plan.\n` });
    const premium = await planFeatures(server!, cookie);
    expect(premium).not.toEqual(free);

    await stopServer(server);
    server = await startServer(dataDir);
    expect(await planFeatures(server, cookieOf(await signIn(server, email, PASSWORD)))).toEqual(premium);
  }, 240_000);

  it('refuses a second server on the same data directory', async () => {
    const second = await run(
      ['apps/server/src/main.ts'],
      baseEnv({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', JOBS: 'off' }),
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('The data directory is in use by process');
    expect(second.stderr).toContain('one process at a time');
    // The first one is unharmed.
    expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it('sets a password through the server: the rules of registration, old sessions ended, lockout cleared', async () => {
    const oldCookie = cookieOf(await signIn(server!, email, PASSWORD));
    for (let i = 0; i < 5; i++) expect((await signIn(server!, email, 'Wrong-Guess-1')).status).not.toBe(200);
    expect((await signIn(server!, email, PASSWORD)).status).not.toBe(200); // locked out

    const weak = await admin(dataDir, ['set-password', email], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/at least 8 characters/i);

    const changed = await admin(dataDir, ['set-password', email], `${NEW_PASSWORD}\n`);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toMatch(
      /has a new password; \d+ sessions? (was|were) ended and the sign-in lock is cleared/,
    );

    expect((await fetch(`${server!.url}/api/me`, { headers: { cookie: oldCookie } })).status).toBe(401);
    expect((await signIn(server!, email, PASSWORD)).status).not.toBe(200);
    expect((await signIn(server!, email, NEW_PASSWORD)).status).toBe(200);
  }, 60_000);

  it('backs up the database and the media through the server, without the secrets, and restores with it stopped', async () => {
    const mediaFile = path.join(dataDir, 'media', 'originals', 'photo.jpg');
    await mkdir(path.dirname(mediaFile), { recursive: true });
    await writeFile(mediaFile, 'not really a photo');
    const backupDir = path.join(root, 'backup');

    const backup = await admin(dataDir, ['backup', backupDir]);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(
      `The encryption secret is NOT in the backup. It is the file ${dataDir}/secret.key.`,
    );
    const files = filesUnder(backupDir).sort();
    expect(files).toEqual(['backup.json', 'database.tar.gz', path.join('media', 'originals', 'photo.jpg')]);
    expect(statSync(path.join(backupDir, 'database.tar.gz')).size).toBeGreaterThan(1000);
    expect(files.some((f) => f.endsWith('.key'))).toBe(false);

    const again = await admin(dataDir, ['backup', backupDir]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is not empty');

    const refused = await admin(dataDir, ['restore', backupDir]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('Stop the server before restoring');

    await stopServer(server);
    server = undefined;
    await rm(path.join(dataDir, 'media'), { recursive: true });
    // A lock left by a process that has exited (a crash, kill -9) does not stand in the way.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    const staleLock = {
      pid: gone.pid,
      hostname: hostname(),
      startTime: null,
      role: 'Daybook server',
      since: 'then',
    };
    await writeFile(path.join(dataDir, LOCK_FILE), JSON.stringify(staleLock));
    const restored = await admin(dataDir, ['restore', backupDir]);
    expect(restored.code).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(restored.stdout).toContain('Database restored into');
    expect(existsSync(mediaFile)).toBe(true);
    const database = await openDatabase({ database: { kind: 'pglite', dir: path.join(dataDir, 'pglite') } });
    try {
      const user = await createAccountRepository(database.db).findByEmail(email);
      expect(user?.emailVerified).toBe(true);
      expect((await createPlansRepository(database.db).planOf(user!.id)).plan.id).toBe('premium');
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('admin CLI without a reachable server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'daybook-admin-lock-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses, changing nothing, when the database is held and no control socket answers', async () => {
    // This test process plays a server whose socket is gone: alive, holding the lock.
    const lock = {
      pid: process.pid,
      hostname: hostname(),
      startTime: null,
      role: 'Daybook server',
      since: 'now',
    };
    await writeFile(path.join(dataDir, LOCK_FILE), JSON.stringify(lock));
    const refused = await admin(dataDir, ['plan', 'someone@example.com', 'premium']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(`in use by process ${process.pid}`);
    expect(refused.stderr).toContain('cannot be reached');
    expect(refused.stderr).toContain('nothing was changed');
    expect(refused.stdout).toBe('');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 30_000);

  it('answers usage errors with exit code 2', async () => {
    const result = await admin(dataDir, ['plan', 'someone@example.com', 'gold']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run admin');
  }, 30_000);
});

describe.runIf(process.env.DATABASE_URL)('admin CLI on PostgreSQL (needs DATABASE_URL)', () => {
  const ctx = useAppOnScratchPostgres('daybook_admin_cli');

  it('changes a plan beside the running app, which sees it at once', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const features = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/me/plan-features', headers: { cookie } })).json();
    const before = await features();
    const result = await run(
      ['apps/server/src/cli/admin.ts', 'plan', user.email, 'premium'],
      baseEnv({ DATABASE_URL: ctx.databaseUrl, DATA_DIR: ctx.config.dataDir }),
    );
    expect(result).toMatchObject({ code: 0, stdout: `${user.email} is now on the premium plan.\n` });
    // No control socket is involved: the CLI wrote to PostgreSQL itself.
    expect(result.stderr).not.toContain('run by the Daybook server');
    expect(await features()).not.toEqual(before);
  }, 60_000);
});
