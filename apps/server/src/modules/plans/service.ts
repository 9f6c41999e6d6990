import { MEDIA_MESSAGES, type MediaType, type PlanFeatures } from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createPlansRepository, type PlansRepository } from './repository.ts';

/**
 * The one home of plans and what they allow (ADR 021): entries, media, account and later features ask here
 * instead of reading the plan tables themselves.
 */
export function createPlansService(repository: PlansRepository) {
  const planOf = (userId: string) => repository.planOf(userId);

  return {
    planOf,

    async features(userId: string): Promise<PlanFeatures> {
      const { plan } = await planOf(userId);
      return {
        text_entries: plan.textEntries,
        image_entries: plan.imageEntries,
        audio_entries: plan.audioEntries,
        video_entries: plan.videoEntries,
        daily_entry_limit: plan.dailyEntryLimit,
        ai_insights_limit: plan.aiInsightsLimit,
        ai_coaching_limit: plan.aiCoachingLimit,
        ai_future_chat_limit: plan.aiFutureChatLimit,
        can_share_entries: plan.canShareEntries,
        can_send_future_messages: plan.canSendFutureMessages,
      };
    },

    async dailyEntryLimit(userId: string): Promise<number> {
      return (await planOf(userId)).plan.dailyEntryLimit;
    },

    /** Throws MEDIA_NOT_ALLOWED when the user's plan has no entries of this media type. */
    async assertMediaAllowed(userId: string, type: MediaType): Promise<void> {
      const { plan } = await planOf(userId);
      const isAllowed = { image: plan.imageEntries, audio: plan.audioEntries, video: plan.videoEntries }[
        type
      ];
      if (!isAllowed) throw new AppError('MEDIA_NOT_ALLOWED', MEDIA_MESSAGES.notAllowedByPlan(type));
    },

    grant: (email: string, planId: 'free' | 'basic' | 'premium') => repository.setPlan(email, planId),
  };
}

/** For callers without services.ts's wiring (the admin CLI): the service over its own repository. */
export function createPlansServiceFor(db: Executor) {
  return createPlansService(createPlansRepository(db));
}

export type PlansService = ReturnType<typeof createPlansService>;
