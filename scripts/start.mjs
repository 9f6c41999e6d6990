#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than the sources, then runs the
// compiled server (apps/server/dist/main.js) in this very process, so the running tree is npm and one node
// (ADR 043). The server applies migrations at start and stops gracefully on SIGINT/SIGTERM itself.
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
