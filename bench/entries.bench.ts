import diagnosticsChannel from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { ENTRY_CREATION_STEPS, type StepTimings } from '../apps/server/src/lib/step-timings.ts';
import { benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import { compare, load } from './lib/load.ts';

export type StepFigures = {
  step: string;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  sharePercent: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Where the time of a created entry goes: the server's time per request (first byte in to last byte out, from the
 * HTTP server's own events) and each step the entries service reports on its diagnostics channel; what the steps
 * leave of the request is the HTTP layer (parsing, session lookup, body validation, the answer's serialisation).
 * Shares are of the mean request time.
 */
function stepBreakdown(requestMs: number[], samples: StepTimings[]): StepFigures[] {
  const byStep = new Map<string, number[]>();
  for (const sample of samples)
    for (const [step, ms] of Object.entries(sample)) byStep.set(step, [...(byStep.get(step) ?? []), ms]);
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const requestMean = mean(requestMs);
  const figures = [...byStep.entries()].map(([step, values]) => {
    const sorted = values.toSorted((a, b) => a - b);
    const meanMs = mean(values);
    return {
      step,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      meanMs: round(meanMs),
      sharePercent: round((meanMs / requestMean) * 100),
    };
  });
  const inSteps = figures.reduce((sum, f) => sum + f.meanMs, 0);
  const sorted = requestMs.toSorted((a, b) => a - b);
  return [
    ...figures,
    {
      step: 'HTTP: parse, session, validation, answer (the rest)',
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
      meanMs: round(requestMean - inSteps),
      sharePercent: round(((requestMean - inSteps) / requestMean) * 100),
    },
    {
      step: 'whole request, server side',
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      meanMs: round(requestMean),
      sharePercent: 100,
    },
  ];
}

/**
 * POST /api/entries through the whole stack (session, validation, server-side decrypt, moderation, atomic
 * daily limit, insert) against the same row inserted by a bare node:http server with a bare driver client.
 */
export async function entryCreationBench(options: { seconds: number; connections: number }) {
  const bench = await openBenchDatabase();
  const { app, origin } = await startBenchApp(bench.database);
  const user = await benchUser(app, bench.database);

  const pool = bench.url ? new pg.Pool({ connectionString: bench.url, max: 10 }) : null;
  // Dropping the benchmark database ends these connections; that is expected.
  pool?.on('error', () => {});
  const parsed = JSON.parse(user.body) as { encryptedContent: string; encryptionIv: string; moodTag: string };
  const insert = `insert into entries (user_id, encrypted_content, encryption_version, metadata, mood_tag, entry_date)
                  values ($1, $2, 1, $3, $4, current_date) returning id`;
  const params = [
    user.userId,
    parsed.encryptedContent,
    JSON.stringify({ encryption_iv: parsed.encryptionIv }),
    parsed.moodTag,
  ];
  const bare = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const query = pool ? pool.query(insert, params) : bench.database.query(insert, params);
      query.then(
        () => {
          response.writeHead(201, { 'content-type': 'application/json' });
          response.end('{}');
        },
        () => {
          response.writeHead(500);
          response.end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const post = {
    method: 'POST' as const,
    body: user.body,
    headers: { 'content-type': 'application/json', cookie: user.cookie },
  };

  // Timed only while our rounds run: the service times its steps only when someone listens.
  const requestMs: number[] = [];
  const samples: StepTimings[] = [];
  const onSteps = (message: unknown) => samples.push(message as StepTimings);
  app.server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    const started = performance.now();
    response.on('finish', () => {
      if (response.statusCode === 201) requestMs.push(performance.now() - started);
    });
  });
  const ours = async () => {
    diagnosticsChannel.subscribe(ENTRY_CREATION_STEPS.name, onSteps);
    try {
      return await load(`${origin}/api/entries`, { ...options, ...post });
    } finally {
      diagnosticsChannel.unsubscribe(ENTRY_CREATION_STEPS.name, onSteps);
    }
  };

  try {
    const result = await compare(ours, () => load(bareUrl, { ...options, ...post }));
    return {
      name: 'POST /api/entries ÷ bare insert',
      driver: bench.database.driver,
      ...result,
      goal: 'report',
      steps: stepBreakdown(requestMs, samples),
    };
  } finally {
    await app.close();
    await new Promise((resolve) => bare.close(resolve));
    await pool?.end();
    await bench.drop();
  }
}
