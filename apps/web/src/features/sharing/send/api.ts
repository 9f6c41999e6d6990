import {
  api,
  type CreateShareInput,
  type SentShareList,
  type SentShare as SentShareType,
  SHARE_LIMITS,
} from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { journalKeys, sentShareKeys } from '../../../lib/query-keys.ts';

/*
 * The sender's side of sharing (ADR 023; the paths are in packages/shared/src/schemas/sharing.ts):
 *   GET  /api/entries/:entryId/shares   the shares of one entry, newest first
 *   POST /api/entries/:entryId/shares   one share per recipient
 *   POST /api/shares/:shareId/resend    e-mail the link again (unregistered recipients, at most 3 times)
 *   POST /api/shares/:shareId/revoke    end access
 */

export function getSentShares(entryId: string, signal?: AbortSignal): Promise<SentShareList> {
  return callApi(api.sharing.forEntry, { params: { id: entryId }, signal });
}

/** docs/product/sharing.md#sharing-limits: share queries are stale after 2 minutes. */
export const sentSharesQueryOptions = (entryId: string) =>
  queryOptions({
    queryKey: sentShareKeys.ofEntry(entryId),
    queryFn: ({ signal }) => getSentShares(entryId, signal),
    staleTime: SHARE_LIMITS.staleMs,
  });

/** The shares of an entry; `enabled` lets a menu ask only once it is opened. */
export function useSentShares(entryId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...sentSharesQueryOptions(entryId), enabled });
}

export function createShare(entryId: string, input: CreateShareInput): Promise<SentShareList> {
  return callApi(api.sharing.create, { params: { id: entryId }, body: input });
}

/**
 * Shares an entry. Afterwards the entry lists refresh (the card's "Shared" badge) and so do the entry's
 * shares (Manage Sharing, the menu's count).
 */
export function useCreateShare(entryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShareInput) => createShare(entryId, input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: sentShareKeys.ofEntry(entryId) }),
        client.invalidateQueries({ queryKey: journalKeys.lists() }),
      ]),
  });
}

export function resendShare(shareId: string): Promise<SentShareType> {
  return callApi(api.sharing.resend, { params: { id: shareId } });
}

export function revokeShare(shareId: string): Promise<SentShareType> {
  return callApi(api.sharing.revoke, { params: { id: shareId } });
}

/**
 * Resend or revoke: the server's new state of the share goes into the entry's list at once, then the list is
 * refreshed. Revoking the last active share takes the card's "Shared" badge off, so the entry lists follow.
 */
function useShareAction(
  entryId: string,
  action: (shareId: string) => Promise<SentShareType>,
  { refreshesEntryLists }: { refreshesEntryLists: boolean },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (updated) => {
      client.setQueryData<SentShareList>(sentShareKeys.ofEntry(entryId), (list) =>
        list ? { shares: list.shares.map((share) => (share.id === updated.id ? updated : share)) } : list,
      );
      if (refreshesEntryLists) void client.invalidateQueries({ queryKey: journalKeys.lists() });
      return client.invalidateQueries({ queryKey: sentShareKeys.ofEntry(entryId) });
    },
  });
}

export const useResendShare = (entryId: string) =>
  useShareAction(entryId, resendShare, { refreshesEntryLists: false });

export const useRevokeShare = (entryId: string) =>
  useShareAction(entryId, revokeShare, { refreshesEntryLists: true });
