import {
  AI_MESSAGES,
  type AiLimitedFeature,
  type AiUses,
  localDate,
  type SessionUser,
} from '@daybook/shared';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { PlansService } from '../plans/service.ts';
import type { AiRepository, UsageFeature } from './repository.ts';

/** The daily AI uses of each plan (ADR 031): what is left today, in the user's zone, and spending one. */
export function createAiUsage(deps: { plans: PlansService; repository: AiRepository; clock: Clock }) {
  const { plans, repository, clock } = deps;

  async function limitsOf(userId: string): Promise<AiUses> {
    const features = await plans.features(userId);
    return {
      insights: features.ai_insights_limit,
      coaching: features.ai_coaching_limit,
      futureChat: features.ai_future_chat_limit,
    };
  }

  async function remainingOf(userId: string, day: string, limits?: AiUses): Promise<AiUses> {
    const [limit, used] = await Promise.all([limits ?? limitsOf(userId), repository.usesOn(userId, day)]);
    const left = (f: UsageFeature) => Math.max(0, limit[f] - used[f]);
    return { insights: left('insights'), coaching: left('coaching'), futureChat: left('futureChat') };
  }

  /** Spends one use of today (the user's zone) or refuses with AI_LIMIT_REACHED; returns the day it counted on. */
  async function spend(user: SessionUser, feature: AiLimitedFeature): Promise<string> {
    const day = localDate(clock.now(), user.timezone);
    const limit = (await limitsOf(user.id))[feature];
    if (!(await repository.consumeUse(user.id, feature, day, limit))) {
      throw new AppError('AI_LIMIT_REACHED', AI_MESSAGES.limitReached(feature, limit), undefined, {
        feature,
        limit,
        remaining: 0,
      });
    }
    return day;
  }

  return { limitsOf, remainingOf, spend };
}

export type AiUsage = ReturnType<typeof createAiUsage>;
