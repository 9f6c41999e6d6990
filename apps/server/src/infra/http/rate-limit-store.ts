import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export type RateLimiter = {
  /** Counts one hit on `key`; the count and milliseconds left in its fixed window. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Counts one hit and refuses with 429 once `max` hits fall in the window. */
  consume(key: string, max: number, windowMs: number): Promise<void>;
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
  };
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Scales the per-route limits declared in route configs, as routes are added to the instance. */
export function scaleRouteLimits(app: FastifyInstance, scale: number): void {
  if (scale === 1) return;
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: { max?: number } } | undefined)?.rateLimit;
    if (limit && typeof limit.max === 'number') limit.max = Math.ceil(limit.max * scale);
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
