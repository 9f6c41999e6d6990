import { api, type OkResponse } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** The same answer whether or not the address has an account. */
export function resendVerification(email: string): Promise<OkResponse> {
  return callApi(api.auth.resendVerification, { body: { email } });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
