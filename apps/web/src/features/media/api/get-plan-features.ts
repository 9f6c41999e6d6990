import { type MediaKind, PlanFeatures } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §9: plan features 5 min stale, 10 min kept; the same key as the rest of the app. */
export const planFeaturesQueryOptions = queryOptions({
  queryKey: ['plan-features'],
  queryFn: ({ signal }) => apiRequest('/api/me/plan-features', { schema: PlanFeatures, signal }),
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
});

export function usePlanFeatures() {
  return useQuery(planFeaturesQueryOptions);
}

export type MediaFlags = Record<MediaKind, boolean>;

/** Which media kinds the plan includes (spec §3 feature flags image_entries, audio_entries, video_entries). */
export function mediaFlags(features: PlanFeatures): MediaFlags {
  return { image: features.image_entries, audio: features.audio_entries, video: features.video_entries };
}
