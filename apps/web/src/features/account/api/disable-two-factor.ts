import { api, type OkResponse, type TwoFactorCodeInput } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { TWO_FACTOR_QUERY_KEY } from './get-two-factor.ts';

/** Turns two-step sign-in off, with a code from the app or a recovery code. */
export function disableTwoFactor(input: TwoFactorCodeInput): Promise<OkResponse> {
  return callApi(api.account.disableTwoFactor, { body: input });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => void client.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}
