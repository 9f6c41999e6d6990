import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import { compare, load } from './lib/load.ts';

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

  try {
    const result = await compare(
      () => load(`${origin}/api/entries`, { ...options, ...post }),
      () => load(bareUrl, { ...options, ...post }),
    );
    return {
      name: 'POST /api/entries ÷ bare insert',
      driver: bench.database.driver,
      ...result,
      goal: 'report',
    };
  } finally {
    await app.close();
    await new Promise((resolve) => bare.close(resolve));
    await pool?.end();
    await bench.drop();
  }
}
