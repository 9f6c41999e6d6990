import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the real server (apps/server/src/main.ts) for one Playwright run: SIGINT/SIGTERM stop it gracefully, and
 * when it exits `cleanUp` runs with 0 for a stop we asked for, its own exit code otherwise.
 */
export function superviseServer(
  env: NodeJS.ProcessEnv,
  cleanUp: (code: number) => void | Promise<void>,
): void {
  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  let isStopping = false;
  const stop = () => {
    if (isStopping) return;
    isStopping = true;
    server.kill('SIGTERM');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
  server.on('exit', (code) => void cleanUp(isStopping ? 0 : (code ?? 1)));
}
