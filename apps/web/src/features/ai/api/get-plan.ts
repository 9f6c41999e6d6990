import { type PlanId, Profile } from '@daybook/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The user's plan, to offer the upgrade dialog on Free when a limit is reached. It reads the profile under the key
 * the account feature keeps it (['profile'], GET /api/me), so the two share one cached answer.
 */
export function usePlanId(): PlanId | undefined {
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: ({ signal }) => apiRequest('/api/me', { schema: Profile, signal }),
    staleTime: 5 * 60_000,
  });
  return profile.data?.plan.id;
}
