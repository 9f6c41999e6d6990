import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { localDate, streakWindowStart } from '@daybook/shared';
import pg from 'pg';
import { seedEntries } from '../apps/server/src/cli/seed-data.ts';
import { streakQuery } from '../apps/server/src/modules/entries/repository.ts';
import { startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import { compare, type LoadResult, load } from './lib/load.ts';

const BENCH_USER_ENTRIES = 1_000;
const PASSWORD = 'Seed-River-42';

export type StreakScenario = {
  totalEntries: number;
  api: LoadResult;
  bare: LoadResult;
  ratio: number;
  plan: string[];
};

/**
 * GET /api/streak (session, the one streak statement, the streak rules, JSON) against the same statement through
 * a bare pg client answering its rows as JSON. The benchmarked user has 1,000 entries over the past year (about
 * 365 distinct days, so the statement ranks and groups every one of them); the rest belong to other users.
 */
export async function streakBench(options: {
  seconds: number;
  connections: number;
  totalEntries: number;
}): Promise<StreakScenario> {
  const { totalEntries } = options;
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database);
  try {
    const [benchUser] = await seedEntries(bench.database, config.encryptionSecret, {
      users: 1,
      entries: BENCH_USER_ENTRIES,
      password: PASSWORD,
      emailPrefix: 'streak',
    });
    if (totalEntries > BENCH_USER_ENTRIES) {
      await seedEntries(bench.database, config.encryptionSecret, {
        users: Math.max(1, Math.round((totalEntries - BENCH_USER_ENTRIES) / 10_000)),
        entries: totalEntries - BENCH_USER_ENTRIES,
        password: PASSWORD,
        emailPrefix: 'crowd',
        distinctTexts: 20,
      });
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: benchUser!.email, password: PASSWORD },
    });
    const cookie = String(
      ([] as string[])
        .concat(signIn.headers['set-cookie'] as string[])
        .find((c) => c.startsWith('daybook.session_token=')),
    ).split(';')[0]!;

    // The seeded users' zone is UTC; the statement as the entries repository sends it for today.
    const today = localDate(new Date(), 'UTC');
    const query = streakQuery(benchUser!.id, today, streakWindowStart(today));
    const literal = (value: unknown) => `'${String(value)}'`;
    const plan = (
      await bench.database.query<Record<string, string>>(
        `explain ${query.text.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]))}`,
      )
    )
      .map((row) => Object.values(row)[0]!)
      .filter((line) => /Scan|Index/.test(line))
      .map((line) => line.trim());

    const pool = bench.url ? new pg.Pool({ connectionString: bench.url, max: 10 }) : null;
    // Dropping the benchmark database ends these connections; that is expected.
    pool?.on('error', () => {});
    const run = () =>
      pool
        ? pool.query(query.text, query.params).then((r) => r.rows)
        : bench.database.query(query.text, query.params);
    const bare = http.createServer((_request, response) => {
      run().then(
        (rows) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ runs: rows }));
        },
        () => {
          response.writeHead(500);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    try {
      const result = await compare(
        () => load(`${origin}/api/streak`, { ...options, headers: { cookie } }),
        () => load(bareUrl, options),
      );
      return { totalEntries, api: result.a, bare: result.b, ratio: result.ratio, plan };
    } finally {
      await new Promise((resolve) => bare.close(resolve));
      await pool?.end();
    }
  } finally {
    await app.close();
    await bench.drop();
  }
}
