#!/usr/bin/env node
// Starts the production build on the real server for one end-to-end run, on a database of its own:
// a fresh PostgreSQL database when DATABASE_URL is set (dropped on exit), otherwise a fresh PGlite directory.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.join(os.tmpdir(), `daybook-e2e-${process.pid}`);
mkdirSync(dataDir, { recursive: true });

const serverUrl = process.env.DATABASE_URL;
const databaseName = `daybook_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
let databaseUrl;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  // Tests that check what was stored read it from here (PGlite cannot be opened beside the running server).
  mkdirSync(path.join(root, 'e2e/.run'), { recursive: true });
  writeFileSync(path.join(root, 'e2e/.run/database-url'), databaseUrl);
}

const serverEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '10000',
    // Every test signs up and in from 127.0.0.1; the limits themselves are covered by the integration tests.
    RATE_LIMIT_SCALE: '100',
};

// Fixtures first (migrations run here too), then the server on the same database.
const seeded = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['e2e/support/seed-fixtures.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv,
});
if (seeded.status !== 0) {
  console.error('seeding the end-to-end fixtures failed');
  await dropRunDatabase();
  process.exit(1);
}

const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv,
});

async function dropRunDatabase() {
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

let isCleaningUp = false;
async function cleanUp(code) {
  if (isCleaningUp) return;
  isCleaningUp = true;
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  await dropRunDatabase();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.join(root, 'e2e/.run'), { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanUp(0));
server.on('exit', (code) => void cleanUp(code ?? 0));
