import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export type RateLimiter = {
  /** Counts one hit on `key`; the count and milliseconds left in its fixed window. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Counts one hit and refuses with 429 once `max` hits fall in the window. */
  consume(key: string, max: number, windowMs: number): Promise<void>;
  /**
   * Adds `amount` to `key` unless the count would pass `max` (a daily cap: never scaled), in one statement whose
   * row lock serialises parallel callers; a refusal writes nothing and answers the count as it stands. Given a
   * transaction, the count commits or rolls back with the work it counts.
   */
  take(
    key: string,
    amount: number,
    max: number,
    windowMs: number,
    executor?: Executor,
  ): Promise<{ isTaken: boolean; count: number }>;
  /** Gives `amount` back to `key` (work that was counted but failed). */
  giveBack(key: string, amount: number): Promise<void>;
};

/** Drops counters whose window ended over an hour ago (the prune-rate-limits job). */
export async function pruneRateLimits(database: Database): Promise<void> {
  await database.query(`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}

/**
 * Fixed-window counters in PostgreSQL, so every server instance counts against the same window.
 * `scale` multiplies every limit (RATE_LIMIT_SCALE).
 */
export function createRateLimiter(database: Database, scale = 1): RateLimiter {
  async function hit(key: string, windowMs: number) {
    const [row] = await database.query<{ count: number; ttl: number }>(
      `insert into rate_limits (key, count, reset_at)
       values ($1, 1, now() + $2::int * interval '1 millisecond')
       on conflict (key) do update set
         count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
         reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
       returning count, greatest(0, (extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
      [key, windowMs],
    );
    return { count: row?.count ?? 1, ttlMs: row?.ttl ?? windowMs };
  }
  return {
    hit,
    async consume(key, max, windowMs) {
      const { count } = await hit(key, windowMs);
      if (count > Math.ceil(max * scale))
        throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.');
    },
    async take(key, amount, max, windowMs, executor = database.db) {
      // A window that has ended counts from zero, as in hit(); the insert is skipped when `amount` alone is too many.
      const { rows } = await executor.execute<{ count: number }>(sql`
        insert into rate_limits as r (key, count, reset_at)
        select ${key}, ${amount}::int, now() + ${windowMs}::int * interval '1 millisecond'
        where ${amount}::int <= ${max}::int
        on conflict (key) do update set
          count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        where (case when r.reset_at <= now() then 0 else r.count end) + excluded.count <= ${max}::int
        returning count`);
      if (rows[0]) return { isTaken: true, count: rows[0].count };
      const { rows: current } = await executor.execute<{ count: number }>(
        sql`select count from rate_limits where key = ${key} and reset_at > now()`,
      );
      return { isTaken: false, count: current[0]?.count ?? 0 };
    },
    async giveBack(key, amount) {
      await database.query('update rate_limits set count = greatest(0, count - $2::int) where key = $1', [
        key,
        amount,
      ]);
    },
  };
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Scales the per-route limits declared in route configs, as routes are added to the instance. The route gets a
 * scaled copy: its declared limit is a module's constant, shared by every app built in the process, and scaling it
 * in place would scale it again for the next app.
 */
export function scaleRouteLimits(app: FastifyInstance, scale: number): void {
  if (scale === 1) return;
  app.addHook('onRoute', (route) => {
    const config = route.config as { rateLimit?: { max?: number } } | undefined;
    const limit = config?.rateLimit;
    if (limit && typeof limit.max === 'number')
      route.config = { ...config, rateLimit: { ...limit, max: Math.ceil(limit.max * scale) } };
  });
}

/**
 * A @fastify/rate-limit store in two tiers. The global per-client ceiling (RATE_LIMIT_PER_MINUTE) is counted in
 * this instance's memory: it is flood protection, and a database write on every request would cost more than
 * the requests it protects. Routes that declare their own limit (sign-in, registration, resets, contact) get
 * `child()`, counted in PostgreSQL, so those windows hold across every instance.
 */
export function tieredRateLimitStore(limiter: RateLimiter) {
  class SharedStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      limiter.hit(key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child(): SharedStore {
      return new SharedStore();
    }
  }

  return class LocalCeilingStore {
    private readonly windows = new Map<string, { count: number; resetAt: number }>();

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        if (this.windows.size >= MAX_LOCAL_KEYS) this.prune(now);
        window = { count: 0, resetAt: now + timeWindow };
        this.windows.set(key, window);
      }
      window.count++;
      callback(null, { current: window.count, ttl: window.resetAt - now });
    }

    child(): SharedStore {
      return new SharedStore();
    }

    private prune(now: number): void {
      for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
      // Under a flood of distinct addresses, forget the oldest rather than grow without bound.
      if (this.windows.size >= MAX_LOCAL_KEYS) this.windows.clear();
    }
  };
}

const MAX_LOCAL_KEYS = 100_000;
