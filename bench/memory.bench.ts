import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process of the tree. `anonMegabytes` is its heaps (JavaScript, malloc, WebAssembly: what it allocated),
 * `fileMegabytes` the mapped files it has touched (node's own code, shared libraries): the split says where
 * memory went when the total is too high.
 */
export type MemoryProcess = {
  pid: number;
  command: string;
  rssMegabytes: number;
  anonMegabytes: number;
  fileMegabytes: number;
};
export type MemoryResult = {
  /** What was started, as an operator starts it. */
  command: string;
  settleSeconds: number;
  processes: MemoryProcess[];
  totalRssMegabytes: number;
  goal: string;
};

const ROOT = path.resolve(import.meta.dirname, '..');
export const GOAL_MEGABYTES = 300;

/** A port nothing listens on right now: the OS picks one, we release it and hand it to the server. */
export async function sparePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The process and every descendant, read from /proc (each process's parent is field 4 of its stat line). */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // it ended while we looked
    }
    // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const tree: number[] = [];
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.shift()!;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function describe(pid: number): MemoryProcess | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const megabytes = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return {
      pid,
      command,
      rssMegabytes: megabytes('VmRSS'),
      anonMegabytes: megabytes('RssAnon'),
      fileMegabytes: megabytes('RssFile'),
    };
  } catch {
    return null;
  }
}

/** Every process of the tree under `rootPid` as it stands now, and their resident memory summed. */
export function measureTree(rootPid: number): { processes: MemoryProcess[]; totalRssMegabytes: number } {
  const processes = processTree(rootPid)
    .map(describe)
    .filter((p): p is MemoryProcess => p !== null);
  return { processes, totalRssMegabytes: processes.reduce((sum, p) => sum + p.rssMegabytes, 0) };
}

/** `npm start` running as an operator runs it, in a data folder of its own; `stop()` ends its whole tree. */
export type OperatorInstance = {
  pid: number;
  port: number;
  origin: string;
  dataDir: string;
  /** What the server has written to stderr so far (its errors, if it ended). */
  stderr(): string;
  stop(): Promise<void>;
};

/**
 * `npm start` on the embedded default (PGlite, no DATABASE_URL) as an operator runs it: a fresh DATA_DIR, a spare
 * port, nothing else configured; resolved once /api/health answers. The web app and server must already be built
 * (`npm run bench` builds them), so what runs is the server and not a build.
 */
export async function startOperatorInstance(): Promise<OperatorInstance> {
  if (process.platform !== 'linux') throw new Error('The memory benchmarks read /proc (Linux only)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'daybook-bench-memory-'));
  const port = await sparePort();
  const origin = `http://127.0.0.1:${port}`;
  // The default an operator gets from `npm start` with nothing configured but the folder and port.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port) };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  npm.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  let stopped: Promise<void> | null = null;
  const instance: OperatorInstance = {
    pid: npm.pid!,
    port,
    origin,
    dataDir,
    stderr: () => stderr,
    stop() {
      stopped ??= (async () => {
        // Its own process group: the whole tree stops, as `.ci/run` stops it. npm may leave before the server has
        // closed its database, so the data folder goes only once every process of the tree has gone.
        const tree = processTree(npm.pid!);
        try {
          process.kill(-npm.pid!, 'SIGTERM');
        } catch {}
        await Promise.race([exited, sleep(15_000)]);
        const stopBy = Date.now() + 15_000;
        while (tree.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < stopBy) await sleep(100);
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      })();
      return stopped;
    },
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start ended (${npm.exitCode}): ${stderr}`);
      const healthy = await fetch(`${origin}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return instance;
      if (Date.now() > deadline) throw new Error(`npm start did not become healthy: ${stderr}`);
      await sleep(250);
    }
  } catch (error) {
    await instance.stop();
    throw error;
  }
}

/**
 * Idle memory of `npm start` right after start (ADR 043): health answered, then a few quiet seconds; the resident
 * memory (RSS) of every process in the tree, npm included, summed.
 */
export async function idleMemoryBench(settleSeconds = 5): Promise<MemoryResult> {
  const instance = await startOperatorInstance();
  try {
    // Settling: start-up garbage collected, lazy work (if any) done; what is left is what idles.
    await sleep(settleSeconds * 1000);
    return {
      command: 'npm start',
      settleSeconds,
      ...measureTree(instance.pid),
      goal: `< ${GOAL_MEGABYTES} MB`,
    };
  } finally {
    await instance.stop();
  }
}

const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });

/** The processes of a measurement, one line each, heaps and mapped files apart. */
export function printProcesses(processes: MemoryProcess[]): void {
  for (const p of processes) {
    console.info(
      `  ${String(p.pid).padStart(7)}  ${fmt(p.rssMegabytes).padStart(5)} MB (heaps ${fmt(p.anonMegabytes)}, files ${fmt(p.fileMegabytes)})  ${p.command}`,
    );
  }
}

export function printIdleMemory(result: MemoryResult): void {
  console.info(
    `Idle memory of \`${result.command}\` on the embedded default, ${result.settleSeconds} s after /api/health answered: ${fmt(result.totalRssMegabytes)} MB RSS over ${result.processes.length} process(es) (goal ${result.goal})`,
  );
  printProcesses(result.processes);
}
