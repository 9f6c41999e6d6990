import { api, type CancelDeletionResponse } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { PROFILE_QUERY_KEY } from '../../../lib/profile.ts';
import { DELETION_STATUS_QUERY_KEY } from './get-deletion-status.ts';

export function cancelDeletion(): Promise<CancelDeletionResponse> {
  return callApi(api.account.cancelDeletion);
}

export function useCancelDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelDeletion,
    onSuccess: (answer) => {
      client.setQueryData(DELETION_STATUS_QUERY_KEY, answer.status);
      // The subscription may have been restored or have ended meanwhile.
      void client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}
