import { api, type SessionResponse, type TestAccountPlan } from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { broadcastAuth } from '../../../lib/session/auth-channel.ts';
import { getSession } from '../../../lib/session/get-session.ts';
import { clearUserData, setSessionUser } from '../../../lib/session/session-state.ts';

export const testAccountsQueryOptions = queryOptions({
  queryKey: ['test-accounts'],
  queryFn: ({ signal }) => callApi(api.billing.testAccounts, { signal }),
  retry: false,
});

export function useTestAccounts(isEnabled: boolean) {
  return useQuery({ ...testAccountsQueryOptions, enabled: isEnabled });
}

/** Signs in as the seeded account of `plan` (the server sets the session cookie), then reads the new session. */
export function useSignInAsTestAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (plan: TestAccountPlan) => {
      const account = await callApi(api.billing.signInTestAccount, { params: { plan } });
      const session: SessionResponse = await getSession();
      return { account, user: session.user };
    },
    onSuccess: ({ user }) => {
      // Another account than before: nothing the previous one loaded may show.
      clearUserData(client);
      if (user) setSessionUser(client, user);
      broadcastAuth({ type: 'signed-in' });
    },
  });
}
