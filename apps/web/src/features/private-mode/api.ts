import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPrivateModeStatus } from '../../lib/private-keys/api.ts';

export const privateModeKeys = {
  all: ['private-mode'] as const,
  status: (userId: string) => [...privateModeKeys.all, 'status', userId] as const,
};

/** Whether private mode is set up, and when its passphrase and recovery key last changed (no key material). */
export function privateModeStatusQuery(userId: string) {
  return queryOptions({
    queryKey: privateModeKeys.status(userId),
    queryFn: ({ signal }) => fetchPrivateModeStatus(signal),
  });
}

export function usePrivateModeStatus(userId: string) {
  return useQuery(privateModeStatusQuery(userId));
}
