import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSIONS_QUERY_KEY } from './get-sessions.ts';

/** Answers 204 No Content. */
export async function revokeSession(id: string): Promise<void> {
  await apiRequest(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
