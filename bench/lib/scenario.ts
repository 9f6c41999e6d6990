import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { seedEntries } from '../../apps/server/src/modules/admin/seed.ts';
import { sessionCookieOf, startBenchApp } from './app.ts';
import { openBenchDatabase } from './database.ts';
import { compare, type LoadResult, load } from './load.ts';
import { type ProfileSummary, profiled } from './profile.ts';

/** The benchmarked user's entries; the rest of `totalEntries` belong to other users. */
const BENCH_USER_ENTRIES = 1_000;
const PASSWORD = 'Seed-River-42';
/** Unmeasured load on each side before the measured rounds (`compare`). */
const WARM_UP_SECONDS = 2;

type Statement = { text: string; params: unknown[] };

export type ReadScenario = {
  totalEntries: number;
  api: LoadResult;
  bare: LoadResult;
  ratio: number;
  plan: string[];
  /** The API under the same load, profiled in a round of its own (after the measured ones, so it costs them nothing). */
  profile: ProfileSummary;
};

/** The plan's scan and index lines for one statement, its parameters written in as literals. */
async function planOf(run: (text: string) => Promise<Record<string, string>[]>, { text, params }: Statement) {
  const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value)}'`);
  return (await run(`explain ${text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))}`))
    .map((row) => Object.values(row)[0]!)
    .filter((line) => /Scan|Index/.test(line))
    .map((line) => line.trim());
}

/**
 * One signed-in read through the whole app (`path`) against the same SQL (`statement`) through a bare pg client
 * answering its rows as JSON (`answer`), with `totalEntries` seeded: the benchmarked user always has 1,000 entries
 * over the past year, the rest belong to other users, so scenarios differ only in how much the indexes must skip.
 */
export async function readScenario(options: {
  totalEntries: number;
  seconds: number;
  connections: number;
  path: string;
  statement: (user: { id: string }) => Statement;
  answer: (rows: unknown[]) => unknown;
}): Promise<ReadScenario> {
  const { totalEntries, seconds, connections } = options;
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database);
  try {
    const [user] = await seedEntries(bench.database, config.encryptionSecret, {
      users: 1,
      entries: BENCH_USER_ENTRIES,
      password: PASSWORD,
      emailPrefix: 'bench',
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
      payload: { email: user!.email, password: PASSWORD },
    });
    const cookie = sessionCookieOf(signIn.headers['set-cookie']);
    const statement = options.statement(user!);
    const plan = await planOf((text) => bench.database.query<Record<string, string>>(text), statement);

    const pool = bench.url ? new pg.Pool({ connectionString: bench.url, max: 10 }) : null;
    // Dropping the benchmark database ends these connections; that is expected.
    pool?.on('error', () => {});
    const run = () =>
      pool
        ? pool.query(statement.text, statement.params).then((r) => r.rows)
        : bench.database.query(statement.text, statement.params);
    const bare = http.createServer((_request, response) => {
      run().then(
        (rows) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(options.answer(rows)));
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
      const api = (time = seconds) =>
        load(`${origin}${options.path}`, { seconds: time, connections, headers: { cookie } });
      const bareLoad = (time = seconds) => load(bareUrl, { seconds: time, connections });
      const result = await compare(api, bareLoad, {
        warmUp: { a: () => api(WARM_UP_SECONDS), b: () => bareLoad(WARM_UP_SECONDS) },
      });
      const { profile } = await profiled(() => api());
      return { totalEntries, api: result.a, bare: result.b, ratio: result.ratio, plan, profile };
    } finally {
      await new Promise((resolve) => bare.close(resolve));
      await pool?.end();
    }
  } finally {
    await app.close();
    await bench.drop();
  }
}
