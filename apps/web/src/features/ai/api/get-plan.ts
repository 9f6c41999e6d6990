import type { PlanId } from '@daybook/shared';
import { useProfile } from '../../../lib/profile.ts';

/** The user's plan, to offer the upgrade dialog on Free when a limit is reached (the profile's cached answer). */
export function usePlanId(): PlanId | undefined {
  return useProfile().data?.plan.id;
}
