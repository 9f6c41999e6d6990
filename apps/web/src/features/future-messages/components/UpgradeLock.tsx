import { FUTURE_MESSAGE_MESSAGES } from '@daybook/shared';
import { LockedFeatureButton } from '../../../components/ui/locked-feature.tsx';

/**
 * The locked "Schedule a message" (docs/product/plans-billing.md#plans-locked: gated features show a lock, a tooltip and an upgrade
 * dialog linking to /profile).
 */
export function LockedScheduleButton() {
  return (
    <LockedFeatureButton
      label="Schedule a message"
      reason={FUTURE_MESSAGE_MESSAGES.upgradeTooltip}
      description="Premium lets you write to your future self: a message, encrypted in your browser, delivered by e-mail or in the app on the day you choose."
      variant="outline"
      className="self-start"
    />
  );
}
