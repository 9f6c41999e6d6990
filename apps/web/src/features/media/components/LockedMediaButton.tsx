import { MEDIA_MESSAGES } from '@daybook/shared';
import { LockedFeatureButton } from '../../../components/ui/locked-feature.tsx';

/**
 * docs/product/media.md#media-attach-panel: when the plan has no media at all, "Attach media" is locked — a lock icon, the tooltip
 * "Media is a Premium feature" — and opens a small dialog whose "See Premium" leads to the subscription.
 */
export function LockedMediaButton({ className }: { className?: string | undefined }) {
  return (
    <LockedFeatureButton
      label="Attach media"
      reason={MEDIA_MESSAGES.premiumFeature}
      description="Premium adds images, audio and video to your reflections, with private sharing and messages to your future self."
      size="sm"
      className={className}
      upgradeAs="button"
    />
  );
}
