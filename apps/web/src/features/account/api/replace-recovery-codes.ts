import { api, type TwoFactorCodeInput, type TwoFactorRecoveryCodes } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { TWO_FACTOR_QUERY_KEY } from './get-two-factor.ts';

/** New recovery codes, with a code from the app or a recovery code: the old ones stop working. */
export function replaceRecoveryCodes(input: TwoFactorCodeInput): Promise<TwoFactorRecoveryCodes> {
  return callApi(api.account.replaceRecoveryCodes, { body: input });
}

export function useReplaceRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replaceRecoveryCodes,
    onSuccess: () => void client.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}
