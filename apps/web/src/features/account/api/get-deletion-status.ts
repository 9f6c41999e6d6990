import { DeletionStatus } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** docs/product/accounts.md#accounts-deletion: "Deletion status is a cached query keyed account-deletion-status". */
export const DELETION_STATUS_QUERY_KEY = ['account-deletion-status'] as const;

export function getDeletionStatus(signal?: AbortSignal): Promise<DeletionStatus> {
  return apiRequest('/api/me/deletion', { schema: DeletionStatus, signal });
}

export const deletionStatusQueryOptions = queryOptions({
  queryKey: DELETION_STATUS_QUERY_KEY,
  queryFn: ({ signal }) => getDeletionStatus(signal),
});

export function useDeletionStatus() {
  return useQuery(deletionStatusQueryOptions);
}
