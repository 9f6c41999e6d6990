import { api } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, apiUrl } from './api-client.ts';
import { serverInfoKeys } from './query-keys.ts';

/**
 * GET /api/health says whether test tools are on (`testTools`, absent on servers without them, which
 * then read as off). Read once a session: the flag is fixed at the server's start.
 */
const ServerInfo = z.object({ testTools: z.boolean().optional() });
// Its own schema, not the endpoint's whole answer: a server of the previous version, without `testTools`, still fits.
const healthUrl = apiUrl(api.health.check);

export const serverInfoQueryOptions = queryOptions({
  queryKey: serverInfoKeys.health,
  queryFn: ({ signal }) => apiRequest(healthUrl, { schema: ServerInfo, signal }),
  staleTime: Number.POSITIVE_INFINITY,
  select: (info) => info.testTools === true,
});

/** Test tools (TEST_TOOLS): the Future Self card's Test button, /test-accounts. */
export function useTestTools(): boolean {
  return useQuery(serverInfoQueryOptions).data ?? false;
}

/** The same, with whether the answer is still pending. */
export function useTestToolsQuery() {
  return useQuery(serverInfoQueryOptions);
}
