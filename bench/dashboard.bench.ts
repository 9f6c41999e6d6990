import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { seedEntries } from '../apps/server/src/cli/seed-data.ts';
import { dashboardPageQuery } from '../apps/server/src/modules/entries/repository.ts';
import { startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import { compare, type LoadResult, load } from './lib/load.ts';

const BENCH_USER_ENTRIES = 1_000;
const PASSWORD = 'Seed-River-42';

export type DashboardScenario = {
  totalEntries: number;
  api: LoadResult;
  bare: LoadResult;
  ratio: number;
  plan: string[];
};

/**
 * GET /api/entries?page=1 (session, validation, the two queries, JSON) against the same two statements through
 * a bare pg client, with `totalEntries` in the database. The benchmarked user always has 1,000 entries; the
 * rest belong to other users, so the scenarios differ only in how much else the indexes must skip.
 */
async function scenario(
  totalEntries: number,
  options: { seconds: number; connections: number },
): Promise<DashboardScenario> {
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database);
  try {
    const others = Math.max(1, Math.round((totalEntries - BENCH_USER_ENTRIES) / 10_000));
    const [benchUser] = await seedEntries(bench.database, config.encryptionSecret, {
      users: 1,
      entries: BENCH_USER_ENTRIES,
      password: PASSWORD,
      emailPrefix: 'bench',
    });
    await seedEntries(bench.database, config.encryptionSecret, {
      users: others,
      entries: totalEntries - BENCH_USER_ENTRIES,
      password: PASSWORD,
      emailPrefix: 'crowd',
      distinctTexts: 20,
    });
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

    // The dashboard's page statement as the entries repository sends it (the visible-entries rule included).
    const pageQuery = dashboardPageQuery(benchUser!.id, 5);
    const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value)}'`);
    const plan = (
      await bench.database.query<Record<string, string>>(
        `explain ${pageQuery.text.replace(/\$(\d+)/g, (_, n: string) => literal(pageQuery.params[Number(n) - 1]))}`,
      )
    )
      .map((row) => Object.values(row)[0]!)
      .filter((line) => /Scan|Index/.test(line))
      .map((line) => line.trim());

    const pool = bench.url ? new pg.Pool({ connectionString: bench.url, max: 10 }) : null;
    // Dropping the benchmark database ends these connections; that is expected.
    pool?.on('error', () => {});
    const run = ({ text, params }: { text: string; params: unknown[] }) =>
      pool ? pool.query(text, params).then((r) => r.rows) : bench.database.query(text, params);
    const bare = http.createServer((_request, response) => {
      run(pageQuery).then(
        (rows) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ entries: rows, total: (rows[0] as { total_count: number }).total_count }),
          );
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
        () => load(`${origin}/api/entries?page=1&pageSize=5`, { ...options, headers: { cookie } }),
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

export async function dashboardBench(options: {
  seconds: number;
  connections: number;
  largeEntries: number;
}) {
  const small = await scenario(10_000, options);
  const large = await scenario(options.largeEntries, options);
  return { small, large, p99Ratio: large.api.p99Ms / Math.max(small.api.p99Ms, 0.001) };
}
