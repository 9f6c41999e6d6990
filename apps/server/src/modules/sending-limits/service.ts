import { createHash } from 'node:crypto';
import { type DailyCap, localDate, SENDING_LIMITS, SENDING_MESSAGES } from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import type { RateLimiter } from '../../infra/http/rate-limit-store.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * A day's counter lives in `rate_limits` under a key that names its day, so it turns over when the day does (by
 * the services' clock); its window only has to outlive that day, after which the prune job drops it.
 */
const DAY_COUNTER_WINDOW_MS = 2 * 24 * 3600_000;

export type CappedUser = { id: string; timezone: string };

/** A spent share of a cap, to give back when the work it paid for failed (an AI provider's error). */
export type Spent = { giveBack(): Promise<void> };

/** An address in a counter's key by its SHA-256 only: the counters table holds no address in the clear. */
const addressKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * The daily caps on what sends e-mail or spends the operator's money (ADR 059). A user's cap counts in the
 * user's own time zone day, as the AI limits do (ADR 031); the cap per recipient address counts across all
 * senders in the UTC day. Counted in PostgreSQL through the rate limiter, so every instance shares them.
 */
export function createSendingLimits(deps: { limiter: RateLimiter; clock: Clock }) {
  const { limiter, clock } = deps;

  return {
    /**
     * Spends `amount` of `user`'s cap for today or refuses with RATE_LIMITED, saying the cap and that it resets
     * tomorrow. Inside `executor` (a transaction) the spend is undone with everything else when it rolls back.
     */
    async spend(
      user: CappedUser,
      cap: DailyCap,
      options: { amount?: number; executor?: Executor } = {},
    ): Promise<Spent> {
      const amount = options.amount ?? 1;
      const max = SENDING_LIMITS.daily[cap];
      const key = `daily:${cap}:${user.id}:${localDate(clock.now(), user.timezone)}`;
      const { isTaken, count } = await limiter.take(
        key,
        amount,
        max,
        DAY_COUNTER_WINDOW_MS,
        options.executor,
      );
      if (!isTaken) {
        const left = Math.max(0, max - count);
        // Several e-mails at once that would pass the cap: say how many are still possible today.
        const message =
          left > 0 ? SENDING_MESSAGES.shareEmailsLeft(max, left) : SENDING_MESSAGES.daily[cap](max);
        throw new AppError('RATE_LIMITED', message, undefined, { cap, limit: max, remaining: left });
      }
      return { giveBack: () => limiter.giveBack(key, amount) };
    },

    /**
     * One e-mail to each address, against the cap per address shared by every sender, so no inbox can be
     * flooded from many accounts. Addresses are taken in a fixed order: two shares to the same people in
     * parallel then wait for each other instead of deadlocking.
     */
    async spendOnRecipients(emails: string[], executor?: Executor): Promise<void> {
      const day = clock.now().toISOString().slice(0, 10);
      const max = SENDING_LIMITS.daily.shareEmailsToOneAddress;
      for (const email of [...new Set(emails)].sort()) {
        const key = `daily:share-recipient:${addressKey(email)}:${day}`;
        const { isTaken } = await limiter.take(key, 1, max, DAY_COUNTER_WINDOW_MS, executor);
        if (!isTaken) {
          const message = SENDING_MESSAGES.shareEmailsToOneAddress(email, max);
          throw new AppError('RATE_LIMITED', message, { recipients: message }, { limit: max, remaining: 0 });
        }
      }
    },
  };
}

export type SendingLimits = ReturnType<typeof createSendingLimits>;

/**
 * A route's `config` for its per-client limit (SENDING_LIMITS.perRoute), counted in PostgreSQL across instances
 * like every per-route limit, refused with a message that names the limit and when its window ends.
 */
export function sendingRouteLimit(route: keyof typeof SENDING_LIMITS.perRoute) {
  const { max, timeWindow, label } = SENDING_LIMITS.perRoute[route];
  return {
    rateLimit: {
      max,
      timeWindow,
      groupId: `:send-${route}`,
      errorResponseBuilder: (_request: unknown, context: { max: number; after: string }) =>
        new AppError(
          'RATE_LIMITED',
          SENDING_MESSAGES.perRoute(label, context.max, timeWindow, context.after),
        ),
    },
  };
}
