// `npm start`'s command from package.json, taken apart for those that run the compiled server without npm around it
// (the end-to-end production runner, the topology test): the environment it sets (MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_, ADR 092) and
// node's flags (ADR 043), so that they run what operators run.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');

/** `{ env, nodeArgs }`: the `NAME=value` words before `[exec] node`, and every word after it (flags, then the script). */
export function startCommand() {
  const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const words = start.split(' ');
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  // `exec`: the shell npm runs the script with becomes node rather than waiting beside it (ADR 092).
  if (words[0] === 'exec') words.shift();
  if (words.shift() !== 'node') throw new Error(`npm start is not a node command: ${start}`);
  return { env, nodeArgs: words };
}
