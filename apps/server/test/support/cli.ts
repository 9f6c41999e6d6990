import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { type TestContext, testConfig } from './app.ts';

/**
 * The operator's commands as an operator runs them: a real server process on the embedded database in a temporary
 * DATA_DIR, and the CLI (`npm run admin`, `npm run seed`) as child processes beside it.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** TypeScript run by node itself with tsx's loader: one process per command, not tsx's launcher plus a child. */
const node = (script: string, ...args: string[]) =>
  [process.execPath, ['--import', 'tsx', script, ...args]] as const;
// A deadline, not a wait: a fresh DATA_DIR runs initdb in WebAssembly, slow on a busy machine.
export const STARTUP_DEADLINE_MS = 180_000;

/** The environment without the caller's database, mail and data settings: each child gets exactly what it needs. */
export function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'DATA_DIR',
    'SMTP_URL',
    'S3_BUCKET',
    'ENCRYPTION_SECRET',
    'AUTH_SECRET',
  ]) {
    delete env[key];
  }
  return { ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...extra };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

export type Command = {
  process: ChildProcess;
  /** Settles when the process has exited, with all it printed. */
  done: Promise<Run>;
  /** What it has printed on stdout so far. */
  stdout(): string;
  /** Resolves once stdout matches (rejects when the process exits first or the deadline passes). */
  stdoutMatches(pattern: RegExp, deadlineMs?: number): Promise<void>;
};

/** Starts `node --import tsx <script> …args` in the repository root, with `input` on its stdin. */
export function startCommand(args: string[], env: NodeJS.ProcessEnv, input?: string): Command {
  const child = spawn(...node(args[0]!, ...args.slice(1)), {
    cwd: repoRoot,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watchers = new Set<() => void>();
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
    for (const watch of watchers) watch();
  });
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<Run>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr });
      for (const watch of watchers) watch();
    });
  });
  child.stdin!.end(input ?? '');
  return {
    process: child,
    done,
    stdout: () => stdout,
    stdoutMatches: (pattern, deadlineMs = 120_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(
            new Error(`no ${pattern} in the output within ${deadlineMs / 1000} s:\n${stdout}\n${stderr}`),
          );
        }, deadlineMs);
        const watch = () => {
          if (pattern.test(stdout)) {
            watchers.delete(watch);
            clearTimeout(timer);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            watchers.delete(watch);
            clearTimeout(timer);
            reject(new Error(`the command exited before printing ${pattern}:\n${stdout}\n${stderr}`));
          }
        };
        watchers.add(watch);
        watch();
      }),
  };
}

export const run = (args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Run> =>
  startCommand(args, env, input).done;

export type Server = { process: ChildProcess; url: string; output: () => string };

export async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(...node('apps/server/src/main.ts'), {
    cwd: repoRoot,
    env: baseEnv({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS: 'off',
      RATE_LIMIT_SCALE: '100',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    }),
    // Its own process group, stopped as a whole: nothing it starts outlives the test.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const isUp = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (isUp) return { process: child, url, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(-child.pid!, 'SIGKILL');
  throw new Error(`the server did not answer within ${STARTUP_DEADLINE_MS / 1000} s:\n${output}`);
}

export async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  process.kill(-server.process.pid!, 'SIGTERM');
  await exited;
}

/** The session cookie of a sign-in answer, whatever its prefix (`__Secure-` on https). */
export function cookieOf(response: Response): string {
  const session = response.headers.getSetCookie().find((c) => /session_token=/.test(c.split(';')[0]!));
  if (!session) throw new Error(`no session cookie (${response.status})`);
  return session.split(';')[0]!;
}

export const post = (server: Server, route: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

export const signIn = (server: Server, email: string, password: string) =>
  post(server, '/api/auth/sign-in', { email, password });

/**
 * The app in this test process on a scratch PostgreSQL database of its own (DATABASE_URL's server), for a command
 * run beside it as an operator runs it beside a deployment; `databaseUrl` is the scratch database's.
 */
export function useAppOnScratchPostgres(prefix: string): TestContext & { databaseUrl: string } {
  const ctx = {} as TestContext & { databaseUrl: string };
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, prefix);
    ctx.databaseUrl = scratch.url;
    ctx.config = testConfig({ DATABASE_URL: scratch.url });
    ctx.clock = new ManualClock();
    const database = await openDatabase(ctx.config);
    ctx.database = { ...database, dropAll: () => database.close() };
    ctx.app = await buildApp({ config: ctx.config, database, clock: ctx.clock });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    await scratch?.drop();
  });
  return ctx;
}
