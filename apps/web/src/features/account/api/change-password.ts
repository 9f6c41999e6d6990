import { api, type ChangePasswordInput, type OkResponse } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { SESSIONS_QUERY_KEY } from './get-sessions.ts';

export function changePassword(input: ChangePasswordInput): Promise<OkResponse> {
  return callApi(api.account.changePassword, { body: input });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server signs the other sessions out, unless asked to keep them.
    onSuccess: () => void client.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
