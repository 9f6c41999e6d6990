import type { Database } from '../../db/client.ts';

type IncrResult = { current: number; ttl: number };
type Callback = (error: Error | null, result?: IncrResult) => void;

/**
 * A @fastify/rate-limit store kept in PostgreSQL, so every server instance counts against the same window.
 * One upsert per request: a fixed window that restarts once `reset_at` has passed.
 */
export function postgresRateLimitStore(database: Database) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      database
        .query<{ count: number; ttl: number }>(
          `insert into rate_limits (key, count, reset_at)
           values ($1, 1, now() + $2::int * interval '1 millisecond')
           on conflict (key) do update set
             count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
             reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
           returning count, greatest(0, (extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
          [key, timeWindow],
        )
        .then((rows) => {
          const row = rows[0];
          callback(null, { current: row?.count ?? 1, ttl: row?.ttl ?? timeWindow });
        })
        .catch((error: Error) => callback(error));
    }

    child(): PostgresRateLimitStore {
      return new PostgresRateLimitStore();
    }
  };
}
