import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs `exportName` of the benchmark module `modulePath` in a Node process of its own (the same loader and flags as
 * this one) and returns what it resolved to, as JSON. For a measurement that the rest of the run must not colour:
 * a server that has just served a dozen benchmarks carries their heap, and its collections and slower answers
 * showed in Lighthouse's figures (the dashboard scored 62 at the end of a run, 73 alone).
 */
export async function inFreshProcess<T>(
  modulePath: string,
  exportName: string,
  args: unknown[] = [],
): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'daybook-bench-'));
  const resultFile = path.join(dir, 'result.json');
  try {
    const child = spawn(
      process.execPath,
      [
        ...process.execArgv,
        path.join(import.meta.dirname, 'fresh-process-child.ts'),
        pathToFileURL(modulePath).href,
        exportName,
        JSON.stringify(args),
        resultFile,
      ],
      { stdio: 'inherit' },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`${path.basename(modulePath)} ${exportName} exited with ${code}`);
    return JSON.parse(readFileSync(resultFile, 'utf8')) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
