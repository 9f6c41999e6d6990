import { spawn } from 'node:child_process';
import path from 'node:path';
import { builds, staleness } from '../../scripts/builds.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * How the server runs: `source` is the TypeScript through the development loader (tsx), `compiled` is the
 * production build (apps/server/dist/main.js) under plain node, as operators run it (ADR 043).
 */
export type ServerBuild = 'source' | 'compiled';

function serverCommand(build: ServerBuild): [string, string[]] {
  if (build === 'source') return [path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts']];
  // Testing an old build would pass or fail for the wrong code.
  const why = staleness('server');
  if (why) throw new Error(`The server build cannot be tested (${why}): run \`npm run build\` first`);
  return [process.execPath, [builds.server.entry]];
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
  const [command, args] = serverCommand(build);
  const server = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  let isStopping = false;
  const stop = () => {
    if (isStopping) return;
    isStopping = true;
    server.kill('SIGTERM');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
  server.on('exit', (code) => void cleanUp(isStopping ? 0 : (code ?? 1)));
}
