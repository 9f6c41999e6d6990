import { api, type DeletionStatus, type RequestDeletionInput } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { DELETION_STATUS_QUERY_KEY } from './get-deletion-status.ts';

export function requestDeletion(input: RequestDeletionInput): Promise<DeletionStatus> {
  return callApi(api.account.requestDeletion, { body: input });
}

export function useRequestDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestDeletion,
    onSuccess: (status) => client.setQueryData(DELETION_STATUS_QUERY_KEY, status),
  });
}
