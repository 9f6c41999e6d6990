#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than the sources, then runs the
// compiled server (apps/server/dist/main.js) in this very process, so the running tree is npm and one node
// (ADR 043). The server applies migrations at start and stops gracefully on SIGINT/SIGTERM itself.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { build, builds, root, staleness } from './builds.mjs';

for (const name of ['web', 'server']) {
  const why = staleness(name);
  if (!why) continue;
  console.info(`Building the ${name === 'web' ? 'web app' : 'server'} (${why})…`);
  // In a child process: the build tools' memory goes with it, none stays in the server.
  const status = build(name);
  if (status !== 0) process.exit(status);
}

// The embedded database is PostgreSQL compiled to WebAssembly (9 MB). By default V8 compiles all of it with its
// baseline compiler and then recompiles hot functions with its optimising one in the background, which left
// about 50 MB of compiler memory in the idle server (ADR 043). Optimised code only costs a few seconds more at
// start and runs queries at full speed from the first one. Read when a module is compiled, so set before the
// server opens the database; with DATABASE_URL nothing of the kind is compiled on the main thread.
v8.setFlagsFromString('--no-liftoff');

await import(pathToFileURL(path.join(root, builds.server.entry)).href);
