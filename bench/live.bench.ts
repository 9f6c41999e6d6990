import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sessions, users } from '../apps/server/src/db/schema/index.ts';
import { sessionCookie } from '../apps/server/src/infra/auth/session-cookie.ts';
import { hashSessionToken } from '../apps/server/src/infra/auth/session-tokens.ts';
import { notifyUser } from '../apps/server/src/modules/notifications/service.ts';
import { benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import type { HolderResult, HolderTask } from './live-streams.ts';

/** Streams per listener account: the per-user cap is 20, so 10,000 streams take 2,000 accounts. */
const STREAMS_PER_USER = 5;

type Latency = { p50Ms: number; p99Ms: number; meanMs: number; samples: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function summarise(latencies: number[]): Latency {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    meanMs: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
    samples: sorted.length,
  };
}

/**
 * Runs the stream holder in a child process whose descriptor limit is raised for 10,000 sockets (the server's
 * own process holds the other 10,000 ends; this machine's limit is 20,000 per process).
 */
/** How busy this process (the server's) was while the samples ran: event-loop utilisation and delay p99. */
type ServerLoad = { eventLoopUtilisation: number; eventLoopDelayP99Ms: number };

function runHolder(task: HolderTask, onReady: () => void = () => {}): Promise<HolderResult & ServerLoad> {
  const script = path.join(import.meta.dirname, 'live-streams.ts');
  const child = spawn(
    'sh',
    [
      '-c',
      'ulimit -n 65536 2>/dev/null || true; exec "$0" "$@"',
      process.execPath,
      '--import',
      'tsx',
      script,
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], cwd: import.meta.dirname },
  );
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let utilisationAtStart = performance.eventLoopUtilization();
  return new Promise((resolve, reject) => {
    child.on('message', (message: { ready?: number; result?: HolderResult; error?: string }) => {
      if (message.ready !== undefined) {
        onReady();
        utilisationAtStart = performance.eventLoopUtilization();
        delay.enable();
        child.send('go');
      } else if (message.result) {
        delay.disable();
        resolve({
          ...message.result,
          eventLoopUtilisation: performance.eventLoopUtilization(utilisationAtStart).utilization,
          eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
        });
      } else reject(new Error(message.error));
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`stream holder exited with ${code}`));
    });
    child.send(task);
  });
}

/** `count` verified accounts with one session each, inserted in bulk; the signed cookie of each session. */
async function listenerCookies(
  database: Awaited<ReturnType<typeof openBenchDatabase>>['database'],
  authSecret: string,
  cookieName: string,
  count: number,
): Promise<string[]> {
  const run = randomBytes(4).toString('hex');
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `live-${run}-${i}@example.com`,
        name: `Listener ${i}`,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
  const tokens = rows.map(() => randomBytes(24).toString('base64url'));
  await database.db
    .insert(sessions)
    .values(rows.map((row, i) => ({ userId: row.id, token: hashSessionToken(tokens[i]!), expiresAt })));
  // better-auth's signed cookie: token.base64(HMAC-SHA256(secret, token)), URL-encoded.
  return tokens.map((token) => {
    const signature = createHmac('sha256', authSecret).update(token).digest('base64');
    return `${cookieName}=${encodeURIComponent(`${token}.${signature}`)}`;
  });
}

/**
 * Live notification latency: from the start of the request that causes an event (a user marks a notification
 * read, which tells that user's other tabs) to its arrival on the recipient's stream, with `streams` streams open
 * on one instance; beside a bare node:http server that, on a request, writes one event to one of as many open
 * streams. Our path adds the session check, a transaction, NOTIFY through the database, LISTEN, the hub's lookup.
 */
export async function liveLatencyBench(options: { streams: number; samples: number }) {
  const warmup = Math.max(20, Math.floor(options.samples / 10));
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database);
  let ours: HolderResult & ServerLoad;
  let oursStreams = 0;
  try {
    const recipient = await benchUser(app, bench.database);
    const listeners = Math.ceil((options.streams - 1) / STREAMS_PER_USER);
    const cookies = await listenerCookies(
      bench.database,
      config.authSecret,
      sessionCookie(config).name,
      listeners,
    );
    const streamCookies = Array.from({ length: options.streams - 1 }, (_, i) => cookies[i % listeners]!);
    const notification = await notifyUser(bench.database.db, {
      userId: recipient.userId,
      type: 'thank_you_received',
      title: 'Thank you',
      message: 'For sharing',
    });
    ours = await runHolder(
      {
        streamUrl: `${origin}/api/events`,
        cookies: [...streamCookies, recipient.cookie],
        cause: {
          url: `${origin}/api/notifications/${notification.id}/read`,
          method: 'POST',
          cookie: recipient.cookie,
        },
        samples: options.samples,
        warmup,
      },
      () => {
        oursStreams = app.services.events.streamCount();
      },
    );
  } finally {
    await app.close();
    await bench.drop();
  }

  // The baseline: the same number of open event streams, and a request that writes one event to one of them.
  const held: http.ServerResponse[] = [];
  const bare = http.createServer((request, response) => {
    if (request.url === '/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write('retry: 3000\nid: 0\n\n');
      held.push(response);
      return;
    }
    request.resume();
    held[held.length - 1]?.write(`event: notification\nid: 1\ndata: {"type":"notification","id":"x"}\n\n`);
    response.writeHead(204);
    response.end();
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareOrigin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  let baseline: HolderResult & ServerLoad;
  try {
    baseline = await runHolder({
      streamUrl: `${bareOrigin}/events`,
      cookies: Array.from({ length: options.streams }, () => ''),
      cause: { url: `${bareOrigin}/poke`, method: 'POST', cookie: '' },
      samples: options.samples,
      warmup,
    });
  } finally {
    for (const response of held) response.destroy();
    await new Promise((resolve) => bare.close(resolve));
  }

  const oursLatency = summarise(ours.latenciesMs);
  const bareLatency = summarise(baseline.latenciesMs);
  return {
    name: `live notification latency, ${options.streams.toLocaleString('en-GB')} open streams`,
    driver: bench.database.driver,
    streams: { ours: oursStreams, bare: baseline.opened },
    openSeconds: { ours: ours.openMs / 1000, bare: baseline.openMs / 1000 },
    ours: oursLatency,
    bare: bareLatency,
    serverLoad: {
      ours: {
        eventLoopUtilisation: ours.eventLoopUtilisation,
        eventLoopDelayP99Ms: ours.eventLoopDelayP99Ms,
      },
      bare: {
        eventLoopUtilisation: baseline.eventLoopUtilisation,
        eventLoopDelayP99Ms: baseline.eventLoopDelayP99Ms,
      },
    },
    /** The machine's load average when the run ended: the other processes the samples competed with. */
    loadAverage: os.loadavg()[0],
    ratios: { p50: oursLatency.p50Ms / bareLatency.p50Ms, p99: oursLatency.p99Ms / bareLatency.p99Ms },
    goal: 'p99 < 25 ms',
  };
}

export function printLiveLatency(result: Awaited<ReturnType<typeof liveLatencyBench>>): void {
  const fmt = (n: number, digits = 1) =>
    n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  console.info(
    `Live notification latency (${result.driver}), request → event on one of ${result.streams.ours.toLocaleString('en-GB')} open streams: ` +
      `p50 ${fmt(result.ours.p50Ms)} ms, p99 ${fmt(result.ours.p99Ms)} ms (goal p99 < 25 ms); ` +
      `bare Node write to one of ${result.streams.bare.toLocaleString('en-GB')}: p50 ${fmt(result.bare.p50Ms)} ms, p99 ${fmt(result.bare.p99Ms)} ms; ` +
      `ratio p50 ${fmt(result.ratios.p50, 2)}, p99 ${fmt(result.ratios.p99, 2)}`,
  );
}

// `npx tsx bench/live.bench.ts` runs this benchmark alone.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const streams = Number(process.env.BENCH_LIVE_STREAMS ?? 10_000);
  const samples = Number(process.env.BENCH_LIVE_SAMPLES ?? 500);
  console.info(`live benchmark on ${os.cpus().length} cores: ${streams} streams, ${samples} samples`);
  const result = await liveLatencyBench({ streams, samples });
  printLiveLatency(result);
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cores: os.cpus().length,
    live: result,
  };
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(
    path.join(import.meta.dirname, 'results', `live-${result.driver}-latest.json`),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  process.exit(0);
}
