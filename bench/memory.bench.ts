import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export type MemoryProcess = { pid: number; command: string; rssMegabytes: number };
export type MemoryResult = {
  /** What was started, as an operator starts it. */
  command: string;
  settleSeconds: number;
  processes: MemoryProcess[];
  totalRssMegabytes: number;
  goal: string;
};

const ROOT = path.resolve(import.meta.dirname, '..');
const GOAL_MEGABYTES = 300;

/** A port nothing listens on right now: the OS picks one, we release it and hand it to the server. */
async function sparePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The process and every descendant, read from /proc (each process's parent is field 4 of its stat line). */
function processTree(rootPid: number): number[] {
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
    const rssKilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return { pid, command, rssMegabytes: rssKilobytes / 1024 };
  } catch {
    return null;
  }
}

/**
 * Idle memory of `npm start` on the embedded default (PGlite, no DATABASE_URL), as an operator runs it: a fresh
 * DATA_DIR, a spare port, health answered, then a few quiet seconds; the resident memory (RSS) of every process
 * in the tree, npm included, summed. The web app and server must already be built (`npm run bench` builds
 * them), so the figure is the running server's and not a build's.
 */
export async function idleMemoryBench(settleSeconds = 5): Promise<MemoryResult> {
  if (process.platform !== 'linux') throw new Error('The memory benchmark reads /proc (Linux only)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'daybook-bench-memory-'));
  const port = await sparePort();
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
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start ended (${npm.exitCode}): ${stderr}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error(`npm start did not become healthy: ${stderr}`);
      await sleep(250);
    }
    // Settling: start-up garbage collected, lazy work (if any) done; what is left is what idles.
    await sleep(settleSeconds * 1000);
    const processes = processTree(npm.pid!)
      .map(describe)
      .filter((p): p is MemoryProcess => p !== null);
    return {
      command: 'npm start',
      settleSeconds,
      processes,
      totalRssMegabytes: processes.reduce((sum, p) => sum + p.rssMegabytes, 0),
      goal: `< ${GOAL_MEGABYTES} MB`,
    };
  } finally {
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
  }
}

export function printIdleMemory(result: MemoryResult): void {
  const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });
  console.info(
    `Idle memory of \`${result.command}\` on the embedded default, ${result.settleSeconds} s after /api/health answered: ${fmt(result.totalRssMegabytes)} MB RSS over ${result.processes.length} process(es) (goal ${result.goal})`,
  );
  for (const p of result.processes) {
    console.info(`  ${String(p.pid).padStart(7)}  ${fmt(p.rssMegabytes).padStart(5)} MB  ${p.command}`);
  }
}
