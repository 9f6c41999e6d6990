#!/usr/bin/env node
// The two production builds (the web app and the server) and how to tell whether a build is the one of the
// sources on disk: each build writes a stamp, the hash of its inputs, into its output; `npm start` rebuilds when
// the stamp is missing or differs, so `git pull && npm start` never runs old code (ADR 043).
//   node scripts/builds.mjs web server             builds each one named, then stamps it
//   node scripts/builds.mjs --if-stale web server  only those whose stamp differs from their sources' hash
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');

/** Test files change no build; everything else under an input folder (code, SQL, assets, config) can. */
const IGNORED_FILE = /\.test\.[cm]?[jt]sx?$/;
const IGNORED_DIR = new Set(['node_modules', 'dist', '.vite']);

export const builds = {
  web: {
    output: 'apps/web/dist',
    /** The file the server cannot do without. */
    entry: 'apps/web/dist/index.html',
    // The lockfile: npm packages are bundled into the web app, so an upgrade changes the build.
    inputs: ['apps/web', 'packages/shared/src', 'packages/shared/package.json', 'package-lock.json'],
    command: [path.join(root, 'node_modules/.bin/vite'), ['build'], path.join(root, 'apps/web')],
  },
  server: {
    output: 'apps/server/dist',
    entry: 'apps/server/dist/main.js',
    // npm packages stay external (resolved from node_modules at run time), so the lockfile is not an input.
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/shared/src',
      'packages/shared/package.json',
      'scripts/build-server.mjs',
    ],
    command: [process.execPath, [path.join(root, 'scripts/build-server.mjs')], root],
  },
};

const STAMP = '.build-stamp';

function files(relative) {
  const full = path.join(root, relative);
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() ? IGNORED_DIR.has(entry.name) : IGNORED_FILE.test(entry.name)))
    .flatMap((entry) => files(path.join(relative, entry.name)));
}

/** The hash of every input file's path and content: equal hashes, equal builds. */
export function sourceHash(name) {
  const hash = createHash('sha256');
  const all = builds[name].inputs.flatMap(files).sort();
  for (const file of all) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why the build must be made again, or null when the output is the build of the sources on disk. */
export function staleness(name) {
  const build = builds[name];
  let stamp;
  try {
    statSync(path.join(root, build.entry));
    stamp = readFileSync(path.join(root, build.output, STAMP), 'utf8').trim();
  } catch {
    return 'not built yet';
  }
  return stamp === sourceHash(name) ? null : 'sources changed since the last build';
}

/**
 * Builds in a child process (the build tools' memory and esbuild's service process end with it, never staying
 * in a server started after), then stamps the output with the hash of the sources taken before building, so an
 * edit made meanwhile shows as stale. Returns the exit status.
 */
export function build(name) {
  const hash = sourceHash(name);
  const [command, args, cwd] = builds[name].command;
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(path.join(root, builds[name].output, STAMP), `${hash}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const onlyIfStale = args[0] === '--if-stale';
  const names = onlyIfStale ? args.slice(1) : args;
  if (names.length === 0 || names.some((name) => !(name in builds))) {
    console.error(`usage: node scripts/builds.mjs [--if-stale] ${Object.keys(builds).join('|')}…`);
    process.exit(2);
  }
  for (const name of names) {
    if (onlyIfStale && staleness(name) === null) {
      console.info(`✔ the ${name} build is the build of these sources`);
      continue;
    }
    const status = build(name);
    if (status !== 0) process.exit(status);
  }
}
