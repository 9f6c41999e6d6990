import { api, type EnableTwoFactorInput, type TwoFactorEnabled } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { SESSIONS_QUERY_KEY } from './get-sessions.ts';
import { TWO_FACTOR_QUERY_KEY } from './get-two-factor.ts';

/** Confirms the set-up with a code: on from here; answers the recovery codes, this once. */
export function enableTwoFactor(input: EnableTwoFactorInput): Promise<TwoFactorEnabled> {
  return callApi(api.account.enableTwoFactor, { body: input });
}

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      // The other sessions end with it, unless the person kept them.
      void client.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    },
  });
}
