import { api, type DeletionStatus } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** docs/product/accounts.md#accounts-deletion: "Deletion status is a cached query keyed account-deletion-status". */
export const DELETION_STATUS_QUERY_KEY = ['account-deletion-status'] as const;

export function getDeletionStatus(signal?: AbortSignal): Promise<DeletionStatus> {
  return callApi(api.account.deletion, { signal });
}

export const deletionStatusQueryOptions = queryOptions({
  queryKey: DELETION_STATUS_QUERY_KEY,
  queryFn: ({ signal }) => getDeletionStatus(signal),
});

export function useDeletionStatus() {
  return useQuery(deletionStatusQueryOptions);
}
