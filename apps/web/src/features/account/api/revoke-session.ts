import { api } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { SESSIONS_QUERY_KEY } from './get-sessions.ts';

/** Answers 204 No Content. */
export async function revokeSession(id: string): Promise<void> {
  await callApi(api.account.revokeSession, { params: { id } });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
