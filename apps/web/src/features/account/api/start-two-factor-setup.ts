import { api, type StartTwoFactorSetupInput, type TwoFactorSetup } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** A new secret for the authenticator app; two-step sign-in is not on until a code confirms it. */
export function startTwoFactorSetup(input: StartTwoFactorSetupInput): Promise<TwoFactorSetup> {
  return callApi(api.account.startTwoFactorSetup, { body: input });
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
