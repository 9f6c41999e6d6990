import { api, type OkResponse, type ResetPasswordInput } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export function resetPassword(input: ResetPasswordInput): Promise<OkResponse> {
  return callApi(api.auth.resetPassword, { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
