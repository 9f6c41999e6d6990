#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration and end-to-end tests, stopping at the first failure.
// Integration tests run on the embedded PGlite, and on PostgreSQL too when DATABASE_URL is set (one pass, two
// projects: apps/server/vitest.config.ts); end-to-end tests use PostgreSQL when it is set, PGlite otherwise.
//
// The production build (web and server) is made from the start, beside the checks, at a lower priority so that it
// takes only the CPU they leave idle (type checking's single-threaded tail, the integration tests' waits on the
// database); the end-to-end step needs it and waits for it there (`builds.mjs --if-stale` then finds it fresh).
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit', ['run', 'test:unit']],
  ['integration', ['run', 'test:integration']],
  ['end-to-end', ['run', 'test:e2e']],
];

/** Runs a command to its end; resolves with its exit status. */
function run(command, args, stdio, onStart = () => {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio, env: { ...process.env, FORCE_COLOR: '1' } });
    onStart(child);
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (since) => Math.round((performance.now() - since) / 1000);

/**
 * Tests counted from the runners' own summaries as the output passes by: Vitest's "Tests  572 passed (572)" and
 * Playwright's "  212 passed (6.1m)" (skipped ones too), so a change that drops tests shows in the totals.
 */
function testCounter() {
  const counts = { passed: 0, skipped: 0, runs: 0 };
  let pending = '';
  const scan = (line) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are stripped before matching
    const plain = line.replace(/\u001b\[[0-9;]*m/g, '');
    const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(plain);
    const playwright = /^\s*(\d+) (passed|skipped|did not run)( \(\d|\s*$)/.exec(plain);
    if (vitest) {
      counts.runs++;
      counts.passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
      counts.skipped += Number(/(\d+) skipped/.exec(vitest[1])?.[1] ?? 0);
    } else if (playwright) {
      if (playwright[2] === 'passed') counts.runs++;
      if (playwright[2] === 'passed') counts.passed += Number(playwright[1]);
      else counts.skipped += Number(playwright[1]);
    }
  };
  return {
    counts,
    write(chunk) {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(scan);
    },
  };
}

// Its output goes to a file (printed when the end-to-end step starts), never between a step's lines.
const buildLog = path.join(os.tmpdir(), `daybook-test-build-${process.pid}.log`);
const buildOutput = openSync(buildLog, 'w');
const buildStarted = performance.now();
const build = run(
  'nice',
  ['-n', '10', process.execPath, 'scripts/builds.mjs', '--if-stale', 'web', 'server'],
  ['ignore', buildOutput, buildOutput],
  // A step that fails ends the run: the build must not go on without it.
  (child) => process.once('exit', () => child.exitCode === null && child.kill()),
).then((status) => ({ status, seconds: seconds(buildStarted) }));

async function awaitBuild() {
  const waited = performance.now();
  const { status, seconds: took } = await build;
  closeSync(buildOutput);
  const output = readFileSync(buildLog, 'utf8');
  rmSync(buildLog, { force: true });
  if (status !== 0) {
    console.error(output);
    console.error(`\n✖ the production build failed after ${took} s`);
    process.exit(status);
  }
  console.info(
    `✔ production build (beside the checks): ${took} s, ${seconds(waited)} s of it waited for here`,
  );
}

/** The step's output passes through as it comes, and its test summaries are counted. */
const teeing = (counter) => (child) => {
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    from.setEncoding('utf8');
    from.on('data', (chunk) => {
      to.write(chunk);
      counter.write(chunk);
    });
  }
};

const onDatabases = {
  integration: process.env.DATABASE_URL ? 'PostgreSQL and PGlite (embedded)' : 'PGlite (embedded)',
  'end-to-end': process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)',
};
const summary = [];
const allStarted = performance.now();
for (const [name, args] of steps) {
  console.info(`\n▶ ${name}${onDatabases[name] ? ` on ${onDatabases[name]}` : ''}`);
  if (name === 'end-to-end') await awaitBuild();
  const started = performance.now();
  const counter = testCounter();
  const status = await run('npm', args, ['ignore', 'pipe', 'pipe'], teeing(counter));
  counter.write('\n');
  if (status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds(started)} s`);
    process.exit(status);
  }
  const { passed, skipped, runs } = counter.counts;
  const tests =
    runs > 0 ? `, ${passed} tests passed${skipped ? `, ${skipped} skipped` : ''} in ${runs} run(s)` : '';
  summary.push(`  ${name}: ${seconds(started)} s${tests}`);
  // CI's time budget (15 minutes) is kept step by step: each step says what it took and how many tests ran.
  console.info(`✔ ${name}: ${seconds(started)} s${tests}`);
}
console.info(`\n✔ all test steps passed in ${seconds(allStarted)} s\n${summary.join('\n')}`);
