// Starts the production build on the real server for one end-to-end run, on a database of its own:
// a fresh PostgreSQL database when DATABASE_URL is set (dropped on exit), otherwise a fresh PGlite directory.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../apps/server/src/db/scratch.ts';
import { startFakeOpenAi } from './fake-openai.ts';
import { superviseServer } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
// A second server of the same run (ai.spec.ts's server without an AI provider) keeps its files apart.
const runDir = path.join(root, process.env.E2E_RUN_DIR ?? 'e2e/.run');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.join(os.tmpdir(), `daybook-e2e-${process.pid}`);
mkdirSync(dataDir, { recursive: true });

const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'daybook_e2e')
  : null;
// Tests that check what was stored read it from here (support/database.ts): PostgreSQL directly; the embedded
// PGlite, which cannot be opened beside the running server, through a backup over DATA_DIR's control socket.
// A file left by a run that was killed must not point this run at another database.
rmSync(runDir, { recursive: true, force: true });
mkdirSync(runDir, { recursive: true });
if (scratch) writeFileSync(path.join(runDir, 'database-url'), scratch.url);
else writeFileSync(path.join(runDir, 'data-dir'), dataDir);
// Where the server keeps media files on local disk: tests that check what is stored read the bytes from here.
writeFileSync(path.join(runDir, 'media-dir'), path.join(dataDir, 'media'));

// The AI provider is a local fake speaking the OpenAI protocol (support/fake-openai.ts), unless E2E_AI=off asks for
// a server without one.
const fakeOpenAi = process.env.E2E_AI === 'off' ? null : await startFakeOpenAi();

const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: scratch?.url ?? '',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '10000',
  // Every test signs up and in from 127.0.0.1; the limits themselves are covered by the integration tests.
  RATE_LIMIT_SCALE: '100',
  ...(fakeOpenAi ? { AI_BASE_URL: fakeOpenAi.baseUrl, AI_API_KEY: 'e2e-key', AI_MODEL: 'fake-model' } : {}),
};
if (!fakeOpenAi)
  for (const key of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL', 'AI_MODERATION_MODEL']) delete serverEnv[key];

async function cleanUp(code: number): Promise<never> {
  fakeOpenAi?.server.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(runDir, { recursive: true, force: true });
  process.exit(code);
}

// Fixtures first (migrations run here too), then the server on the same database.
const seeded = spawnSync(tsx, ['e2e/support/seed-fixtures.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv,
});
if (seeded.status !== 0) {
  console.error('seeding the end-to-end fixtures failed');
  await cleanUp(1);
}

superviseServer(serverEnv, cleanUp);
