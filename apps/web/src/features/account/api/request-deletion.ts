import { DeletionStatus, type RequestDeletionInput } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { DELETION_STATUS_QUERY_KEY } from './get-deletion-status.ts';

export function requestDeletion(input: RequestDeletionInput): Promise<DeletionStatus> {
  return apiRequest('/api/me/deletion', { method: 'POST', body: input, schema: DeletionStatus });
}

export function useRequestDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestDeletion,
    onSuccess: (status) => client.setQueryData(DELETION_STATUS_QUERY_KEY, status),
  });
}
