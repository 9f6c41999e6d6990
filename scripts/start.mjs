#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than the sources, then runs the
// compiled server (apps/server/dist/main.js) in this very process, so the running tree is npm and one node
// (ADR 043). The server applies migrations at start and stops gracefully on SIGINT/SIGTERM itself.
// package.json's "start" gives node two flags for idle memory (ADR 043): --no-liftoff compiles the embedded
// database's WebAssembly with V8's optimising compiler only (by default V8 compiles it all with its baseline
// compiler, then recompiles hot functions in the background, which left about 50 MB of compiler memory behind),
// and --max-semi-space-size=4 keeps the young generation at 4 MB per half instead of 16. It also sets
// MALLOC_ARENA_MAX=2 (ADR 092): glibc gives each thread that allocates (libuv's pool, libvips, the image
// classifier's workers) an arena of its own, up to 8 per core, and what they free stays in them: after real use
// that was 70 MB of the server's memory for good. And MALLOC_MMAP_THRESHOLD_=65536 (ADR 092): glibc gives an
// allocation of 128 KB or more a mapping of its own, but raises that threshold to the size of each such block freed
// (up to 32 MB); after the first photos and zips their buffers came from the heap and stayed there, pinned by small
// blocks allocated above them. The main heap held 59 MB after real use; 40 with the threshold held at 128 KB, 30 at
// 64 KB, where node's 64 KB socket and file reads get mappings of their own too (measured, ADR 092:
// 312 -> about 280 MB in all). glibc reads both at exec, so they are set before node starts; `exec` makes the shell
// npm runs this with become node rather than wait beside it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, builds, root, staleness } from './builds.mjs';

for (const name of ['web', 'server']) {
  const why = staleness(name);
  if (!why) continue;
  console.info(`Building the ${name === 'web' ? 'web app' : 'server'} (${why})…`);
  // In a child process: the build tools' memory goes with it, none stays in the server.
  const status = build(name);
  if (status !== 0) process.exit(status);
}

await import(pathToFileURL(path.join(root, builds.server.entry)).href);
