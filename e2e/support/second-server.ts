import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Another Daybook server for one spec, started the way the run's own is (support/serve.ts: a database of its own,
 * the fixtures seeded), with different settings in `env`; e.g. `E2E_AI=off` for a server without an AI provider.
 * Its files live in `e2e/<runDir>`, apart from the main server's.
 */
export async function startSecondServer(options: {
  port: number;
  runDir: string;
  env: Record<string, string>;
}) {
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['e2e/support/serve.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, ...options.env, E2E_PORT: String(options.port), E2E_RUN_DIR: options.runDir },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the second server exited with ${child.exitCode}`);
          return fetch(`${baseURL}/api/health`).then(
            (response) => response.ok,
            () => false,
          );
        },
        { timeout: 240_000, intervals: [500, 1000] },
      )
      .toBe(true);
  } catch (error) {
    // Never leave it running when it did not come up in time.
    await stop();
    throw error;
  }
  return {
    baseURL,
    /** Stops it as Playwright stops the main one (SIGTERM: the server shuts down, the database is dropped). */
    stop,
  };
}
