import { ENTRY_LIMITS } from '@daybook/shared';
import { toast } from '../toast.ts';

export const CRISIS_TOAST_ID = 'moderation-crisis';

/**
 * Says why content was refused. A crisis message (self-harm) stays 8 seconds (docs/product/moderation.md#moderation-crisis) so that the
 * lifeline numbers can be read; other refusals use the usual duration.
 */
export function announceModerationBlock({ message, isCrisis }: { message: string; isCrisis: boolean }): void {
  if (isCrisis) {
    toast.error(message, { id: CRISIS_TOAST_ID, duration: ENTRY_LIMITS.crisisToastMs });
  } else {
    toast.error(message);
  }
}
