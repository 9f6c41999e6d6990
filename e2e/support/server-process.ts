import { spawn } from 'node:child_process';
import path from 'node:path';
import { staleness } from '../../scripts/builds.mjs';
import { startCommand } from '../../scripts/start-command.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * How the server runs: `source` is the TypeScript through the development loader (tsx); `compiled` is the
 * production build (apps/server/dist/main.js) started by scripts/start.mjs under plain node, in one process,
 * as `npm start` runs it for operators (ADR 043).
 */
export type ServerBuild = 'source' | 'compiled';

function serverCommand(build: ServerBuild): [string, string[], Record<string, string>] {
  if (build === 'source') return [path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {}];
  // Testing an old build would pass or fail for the wrong code, and the start script would rebuild it here,
  // once per variant at the same time: the build is the test command's step (`npm run build`).
  for (const name of ['web', 'server'] as const) {
    const why = staleness(name);
    if (why) throw new Error(`The ${name} build cannot be tested (${why}): run \`npm run build\` first`);
  }
  // `npm start`'s own command (its environment and node flags included), without npm and its shell around it:
  // Playwright stops the server by signalling this one process.
  const { env, nodeArgs } = startCommand();
  return [process.execPath, nodeArgs, env];
}

/**
 * Runs the real server for one Playwright run: SIGINT/SIGTERM stop it gracefully, and when it exits `cleanUp`
 * runs with 0 for a stop we asked for, its own exit code otherwise.
 */
export function superviseServer(
  env: NodeJS.ProcessEnv,
  cleanUp: (code: number) => void | Promise<void>,
  build: ServerBuild = 'source',
): void {
  const [command, args, startEnv] = serverCommand(build);
  const server = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...startEnv } });
  let isStopping = false;
  const stop = () => {
    if (isStopping) return;
    isStopping = true;
    server.kill('SIGTERM');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
  server.on('exit', (code) => void cleanUp(isStopping ? 0 : (code ?? 1)));
}
