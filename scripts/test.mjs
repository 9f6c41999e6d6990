#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration and end-to-end tests, stopping at the first failure.
// Integration and end-to-end tests use PostgreSQL when DATABASE_URL is set, the embedded PGlite otherwise.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit', ['run', 'test:unit']],
  ['integration', ['run', 'test:integration']],
  ['end-to-end', ['run', 'test:e2e']],
];

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
for (const [name, args] of steps) {
  console.info(`\n▶ ${name}${name === 'integration' || name === 'end-to-end' ? ` on ${database}` : ''}`);
  const started = performance.now();
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 1000);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  // CI's time budget (20 minutes) is kept step by step: each step says what it took.
  console.info(`✔ ${name}: ${seconds} s`);
}
console.info('\n✔ all test steps passed');
