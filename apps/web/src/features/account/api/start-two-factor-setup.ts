import { type StartTwoFactorSetupInput, TwoFactorSetup } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A new secret for the authenticator app; two-step sign-in is not on until a code confirms it. */
export function startTwoFactorSetup(input: StartTwoFactorSetupInput): Promise<TwoFactorSetup> {
  return apiRequest('/api/me/two-factor/setup', { method: 'POST', body: input, schema: TwoFactorSetup });
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
