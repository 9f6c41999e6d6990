import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockHolder } from '../src/modules/admin/data-dir-lock.ts';
import {
  baseEnv,
  type Command,
  run,
  type Server,
  signIn,
  startCommand,
  startServer,
  stopServer,
  useAppOnScratchPostgres,
} from './support/cli.ts';
import { preparedDataDir } from './support/database.ts';
import { isPostgresProject } from './support/test-driver.ts';

/**
 * `npm run seed` as a newcomer runs it, beside a real server process on the embedded database or with none: the
 * seeded accounts must land where the server sees them, and no run (a second one at once, one killed midway) may
 * cost the accounts already there or the database itself.
 */
const SEED = 'apps/server/src/cli/seed.ts';
const PASSWORD = 'Seed-Harbour-42';

const seedArgs = (users: number, entries: number) => [
  SEED,
  '--users',
  String(users),
  '--entries',
  String(entries),
  '--password',
  PASSWORD,
];
const seed = (dataDir: string, users: number, entries: number) =>
  run(seedArgs(users, entries), baseEnv({ DATA_DIR: dataDir }));
const startSeed = (dataDir: string, users: number, entries: number): Command =>
  startCommand(seedArgs(users, entries), baseEnv({ DATA_DIR: dataDir }));

/** The account the seed prints to sign in with. */
function seededEmail(stdout: string): string {
  const match = /^Sign in as (\S+) with the password (\S+)\.$/m.exec(stdout);
  expect(match?.[2]).toBe(PASSWORD);
  return match![1]!;
}

// Its commands and servers never use DATABASE_URL: it runs once, in the PGlite project (vitest.config.ts).
describe.skipIf(isPostgresProject)('npm run seed on the embedded database', () => {
  let root: string;
  let server: Server | undefined;
  const running: Command[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'daybook-seed-cli-'));
  });
  afterEach(async () => {
    await stopServer(server);
    server = undefined;
    for (const command of running.splice(0)) {
      if (command.process.exitCode === null && command.process.signalCode === null) {
        command.process.kill('SIGKILL');
      }
      await command.done;
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('seeds through the running server: progress as it goes, the server answering meanwhile, the user able to sign in', async () => {
    const dataDir = await preparedDataDir(path.join(root, 'beside-server'));
    server = await startServer(dataDir);

    // Two progress steps: the server is asked between them (the sizes here are what the assertions need; a
    // real person's 10,000 entries and more are the bench's and the import tests').
    const seeding = startSeed(dataDir, 1, 20_000);
    running.push(seeding);
    await seeding.stdoutMatches(/^ {2}10,000 entries…$/m);
    // Between two batches the server reads its sockets: a request sent now is answered long before the last batch
    // (PGlite resolves each insert as a microtask, and a loop of them alone never let the event loop poll).
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(seeding.stdout()).not.toContain('20,000 entries…');
    const result = await seeding.done;

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `(run by the Daybook server through ${path.join(dataDir, 'admin.sock')})`,
    );
    expect(result.stdout).toMatch(/^ {2}20,000 entries…$/m);
    expect(result.stdout).toMatch(/^Seeded 1 users and 20,000 encrypted entries in \d+\.\d s\.$/m);
    const email = seededEmail(result.stdout);
    expect((await signIn(server, email, PASSWORD)).status).toBe(200);

    // The server held the database throughout; the CLI never opened it.
    expect(lockHolder(dataDir)?.role).toBe('Daybook server');
    expect(lockHolder(dataDir)?.pid).toBe(server.process.pid);
  }, 400_000);

  it('seeds twice with the server stopped, refuses a second seed while one runs, and the server then has them all', async () => {
    // A truly empty DATA_DIR, as a newcomer's first `npm run seed` finds it: the CLI makes the database (initdb and
    // every migration). The other tests start from the run's migrated snapshot (support/database.ts).
    const dataDir = path.join(root, 'no-server');
    const first = await seed(dataDir, 1, 100);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('run by the Daybook server');
    const second = await seed(dataDir, 2, 200);
    expect(second.code, second.stderr).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    // While one seed holds the database, another one is refused, naming it, and changes nothing: it starts at the
    // first progress line, with two steps left for it to start and be refused in.
    const long = startSeed(dataDir, 1, 30_000);
    running.push(long);
    await long.stdoutMatches(/^ {2}10,000 entries…$/m);
    const refused = await seed(dataDir, 1, 10);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      `The data directory is in use by process ${long.process.pid} (seed CLI,`,
    );
    expect(refused.stderr).toContain('Another command has the database open');
    expect(refused.stdout).toBe('');
    const third = await long.done;
    expect(third.code, third.stderr).toBe(0);

    server = await startServer(dataDir);
    for (const output of [first.stdout, second.stdout, third.stdout]) {
      expect((await signIn(server, seededEmail(output), PASSWORD)).status).toBe(200);
    }
  }, 300_000);

  it('survives a seed killed with kill -9 midway: the stale lock is seen as stale and the server starts with every earlier account', async () => {
    const dataDir = await preparedDataDir(path.join(root, 'killed'));
    const earlier = await seed(dataDir, 3, 300);
    expect(earlier.code, earlier.stderr).toBe(0);

    const killed = startSeed(dataDir, 1, 100_000);
    running.push(killed);
    await killed.stdoutMatches(/^ {2}10,000 entries…$/m, 240_000);
    killed.process.kill('SIGKILL');
    expect((await killed.done).signal).toBe('SIGKILL');

    // The lock names a process that is gone: present, but nobody holds it.
    const lockFile = path.join(dataDir, LOCK_FILE);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({
      pid: killed.process.pid,
      role: 'seed CLI',
    });
    expect(lockHolder(dataDir)).toBeNull();

    server = await startServer(dataDir);
    expect(lockHolder(dataDir)?.pid).toBe(server.process.pid);
    expect((await signIn(server, seededEmail(earlier.stdout), PASSWORD)).status).toBe(200);
    // All three earlier users, not only the one printed: seeded e-mails end in -<n>-<time>@daybook.local.
    for (const n of [2, 3]) {
      const email = seededEmail(earlier.stdout).replace(/^seed-1-/, `seed-${n}-`);
      expect((await signIn(server, email, PASSWORD)).status).toBe(200);
    }
  }, 400_000);
});

describe.runIf(process.env.DATABASE_URL)('npm run seed on PostgreSQL (needs DATABASE_URL)', () => {
  const ctx = useAppOnScratchPostgres('daybook_seed_cli');

  it('seeds beside the running app, which lets the user sign in at once', async () => {
    const result = await run(
      seedArgs(1, 50),
      baseEnv({
        DATABASE_URL: ctx.databaseUrl,
        DATA_DIR: ctx.config.dataDir,
        ENCRYPTION_SECRET: ctx.config.encryptionSecret,
      }),
    );
    expect(result.code, result.stderr).toBe(0);
    // No control socket is involved: the CLI wrote to PostgreSQL itself.
    expect(result.stderr).not.toContain('run by the Daybook server');
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: seededEmail(result.stdout), password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
  }, 60_000);
});
