import type { MediaKind, PlanFeatures } from '@daybook/shared';

export type MediaFlags = Record<MediaKind, boolean>;

/** Which media kinds the plan includes (docs/product/plans-billing.md#plans-features feature flags image_entries, audio_entries, video_entries). */
export function mediaFlags(features: PlanFeatures): MediaFlags {
  return { image: features.image_entries, audio: features.audio_entries, video: features.video_entries };
}
