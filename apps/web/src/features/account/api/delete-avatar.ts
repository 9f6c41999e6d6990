import { api } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { PROFILE_QUERY_KEY } from '../../../lib/profile.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session/session-state.ts';

export function deleteAvatar() {
  return callApi(api.account.removeAvatar);
}

export function useDeleteAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
