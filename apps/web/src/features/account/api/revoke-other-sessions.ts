import { api } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { SESSIONS_QUERY_KEY } from './get-sessions.ts';

export function revokeOtherSessions() {
  return callApi(api.account.revokeOtherSessions);
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
