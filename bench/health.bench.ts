import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { PING_SQL } from '../apps/server/src/db/client.ts';
import { openBenchDatabase } from './lib/database.ts';
import { compare, load } from './lib/load.ts';

/**
 * GET /api/health through the whole stack (Fastify, helmet, Drizzle) against the same statement
 * answered by a bare node:http server with a bare driver client: what our layers cost. Both run the health
 * check's own statement (PING_SQL), a read of a real table so that a lock or a hung database shows.
 */
export async function healthBench(options: { seconds: number; connections: number }) {
  const bench = await openBenchDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Generated secrets only: the database is the benchmark's own scratch one (lib/database.ts, ADR 052).
    DATA_DIR: '/tmp/daybook-bench-config',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const app = await buildApp({ config, database: bench.database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/health`;

  const pool = bench.url ? new pg.Pool({ connectionString: bench.url, max: 10 }) : null;
  // Dropping the benchmark database ends these connections; that is expected.
  pool?.on('error', () => {});
  const bare = http.createServer((_req, res) => {
    const query = pool ? pool.query(PING_SQL) : bench.database.query(PING_SQL);
    query.then(
      () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"status":"ok"}');
      },
      () => {
        res.writeHead(503);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  try {
    const result = await compare(
      () => load(appUrl, options),
      () => load(bareUrl, options),
    );
    return {
      name: 'GET /api/health ÷ bare driver, same ping',
      driver: bench.database.driver,
      ...result,
      goal: '≥ 0.5',
    };
  } finally {
    await app.close();
    await new Promise((resolve) => bare.close(resolve));
    await pool?.end();
    await bench.drop();
  }
}
