import { RevokedSessions } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSIONS_QUERY_KEY } from './get-sessions.ts';

export function revokeOtherSessions() {
  return apiRequest('/api/me/sessions/revoke-others', { method: 'POST', schema: RevokedSessions });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
