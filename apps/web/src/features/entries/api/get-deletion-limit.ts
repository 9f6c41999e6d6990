import { api, type DeletionLimit } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { entriesKeys } from './query-keys.ts';

export function getDeletionLimit(signal?: AbortSignal): Promise<DeletionLimit> {
  return callApi(api.entries.deletionLimit, { signal });
}

export const deletionLimitQueryOptions = queryOptions({
  queryKey: entriesKeys.deletionLimit(),
  queryFn: ({ signal }) => getDeletionLimit(signal),
  // Asked whenever the delete dialog opens: another tab may have deleted something.
  staleTime: 0,
});

export function useDeletionLimit({ enabled }: { enabled: boolean }) {
  return useQuery({ ...deletionLimitQueryOptions, enabled });
}
