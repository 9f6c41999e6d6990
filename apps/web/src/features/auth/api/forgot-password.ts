import { api, type OkResponse } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** Always the same answer, whether or not the address has an account. */
export function forgotPassword(email: string): Promise<OkResponse> {
  return callApi(api.auth.forgotPassword, { body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
